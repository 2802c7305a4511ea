//.kernel avs
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output "
//.full_options "-TotalGRFNum 128 -output -platform TGLLP "
//.instCount 28
//.RA type	TRIVIAL_RA

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud alias=BuiltInR0+0 align=16 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r1.5)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r1.6)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r1.1)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r1.2)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r1.3)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r1.4)
//.declare %tsc (21)  rf=r size=20 type=ud align=2 words
//.declare %arg (22)  rf=r size=0 type=ud align=16 words (r26.0)
//.declare %retval (23)  rf=r size=0 type=ud align=16 words (r26.0) Output
//.declare %sp (24)  rf=r size=8 type=uq align=4 words (r125.3)
//.declare %fp (25)  rf=r size=8 type=uq align=4 words (r125.2)
//.declare %sr0 (26)  rf=r size=16 type=ud align=2 words
//.declare %cr0 (27)  rf=r size=12 type=ud align=2 words
//.declare %ce0 (28)  rf=r size=4 type=ud align=2 words
//.declare %dbg0 (29)  rf=r size=8 type=ud align=2 words
//.declare implBufPtr (31)  rf=r size=8 type=uq align=4 words (r126.0)
//.declare localIdBufPtr (32)  rf=r size=8 type=uq align=4 words (r126.3)
//.declare %msg0 (33)  rf=r size=12 type=ud align=2 words
//.declare DST (38)  rf=r size=1024 type=f align=16 words (r2.0)
//.declare U (39)  rf=r size=4 type=f align=2 words (r1.0)
//.declare smp (40)  rf=r size=4 type=ud align=2 words (r0.3)
//.declare img (41)  rf=r size=4 type=ud align=2 words (r0.2)
//.declare  (42)  rf=r size=64 type=ud align=16 words (r34.0)
//.declare  (43)  rf=r size=32 type=f alias=+32 align=16 words (r35.0)
//.declare  (44)  rf=r size=32 type=ud alias=+32 align=16 words (r35.0)
//.declare  (45)  rf=r size=4 type=ud align=2 words (r1.1)
//.declare  (46)  rf=r size=64 type=ud align=16 words (r36.0)
//.declare  (47)  rf=r size=32 type=f alias=+32 align=16 words (r37.0)
//.declare  (48)  rf=r size=32 type=ud alias=+32 align=16 words (r37.0)
//.declare  (50)  rf=r size=8 type=ud align=4 words (r1.2)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | img      | :ud      |      4 | r0+8     | surface    |
// | smp      | :ud      |      4 | r0+12    | sampler    |
// | U        | :f       |      4 | r1       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{}
_avs_k0_0_:
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x50EB000:ud                        // $0
(W)     shl (1|M0)               r1.1<1>:ud    r0.3<0;1,0>:ud    0x8:ud                              // $0
(W)     mov (8|M0)               r34.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $0
(W)     mov (1|M0)               r35.0<1>:f    0.0:f                               {Compacted}       // $0
(W)     add (1|M0)               a0.0<1>:ud    a0.0<0;1,0>:ud    r1.1<0;1,0>:ud   {@3}               // $0
(W)     mov (1|M0)               r35.1<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $0
(W)     mov (1|M0)               r35.2<1>:f    r1.0<0;1,0>:f                    {Compacted}          // $0
(W)     mov (1|M0)               r35.3<1>:f    0.0:f                               {Compacted}       // $0
(W)     mov (1|M0)               r35.4<1>:f    0.0625:f                               {Compacted}    // $0
(W)     mov (1|M0)               r35.5<1>:f    0.0:f                               {Compacted}       // $0
(W)     mov (1|M0)               r35.6<1>:f    0.0:f                               {Compacted}       // $0
(W)     mov (1|M0)               r35.7<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $0
(W)     mov (1|M0)               r34.2<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $0
(W)     mov (8|M0)               r36.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $1
(W)     send.smpl (16|M0)        r2       r34     null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $0
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x50EB000:ud                        // $1
(W)     mov (1|M0)               r37.0<1>:f    0.0:f                               {Compacted}       // $1
(W)     mov (1|M0)               r37.1<1>:f    2.8026e-45:f                                          //  (0x00000002:f); $1
(W)     mov (1|M0)               r37.2<1>:f    0.0:f                               {Compacted}       // $1
(W)     add (1|M0)               a0.0<1>:ud    a0.0<0;1,0>:ud    r1.1<0;1,0>:ud                      // $1
(W)     mov (1|M0)               r37.3<1>:f    r1.0<0;1,0>:f                    {Compacted}          // $1
(W)     mov (1|M0)               r37.4<1>:f    0.0625:f                               {Compacted}    // $1
(W)     mov (1|M0)               r37.5<1>:f    0.0:f                               {Compacted}       // $1
(W)     mov (1|M0)               r37.6<1>:f    0.0:f                               {Compacted}       // $1
(W)     mov (1|M0)               r37.7<1>:f    9.860762e-32:f                                        //  (0x0c000001:f); $1
(W)     mov (1|M0)               r36.2<1>:f    1.170903e-39:f                                        //  (0x000cc000:f); $1
(W)     send.smpl (16|M0)        r2       r36     null    0x0            a0.0       {@1,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $1
        ret (8|M0)                           r1.2                             {@1,$0.dst}            // $2


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 28
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
