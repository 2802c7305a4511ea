//.kernel media_ldst
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output -dumpcommonisa "
//.full_options "-TotalGRFNum 128 -output -dumpcommonisa -platform TGLLP "
//.instCount 29
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
//.declare BUF (38)  rf=r size=256 type=ud align=16 words (r2.0)
//.declare X (39)  rf=r size=4 type=ud align=2 words (r1.0)
//.declare img (40)  rf=r size=4 type=ud align=2 words (r0.2)
//.declare  (41)  rf=r size=32 type=ud align=16 words (r10.0)
//.declare  (43)  rf=r size=32 type=ud align=16 words (r11.0)
//.declare  (44)  rf=r size=32 type=ud alias=+0 align=16 words (r11.0)
//.declare  (48)  rf=r size=8 type=ud align=4 words (r1.2)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | img      | :ud      |      4 | r0+8     | surface    |
// | X        | :ud      |      4 | r1       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{}
_media_ldst_k0_0_:
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x2290000:ud                        // $0
(W)     mov (8|M0)               r10.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $0
(W)     mov (1|M0)               r10.2<1>:f    2.75528e-40:f                                         //  (0x0003000f:f); $0
(W)     mov (1|M0)               r10.0<1>:f    r1.0<0;1,0>:f                    {Compacted}          // $0
(W)     mov (1|M0)               r10.1<1>:f    5.60519e-45:f                                         //  (0x00000004:f); $0
(W)     send.dc1 (8|M0)          r2       r10     null    0x0            a0.0       {@1,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $0
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x2190601:ud                        // $1
(W)     mov (1|M0)               r10.2<1>:f    9.18453e-41:f                               {$0.src}  //  (0x00010007:f); $1
(W)     mov (1|M0)               r10.0<1>:f    2.24208e-44:f                                         //  (0x00000010:f); $1
(W)     mov (1|M0)               r10.1<1>:f    r1.0<0;1,0>:f                    {Compacted}          // $1
(W)     send.dc1 (8|M0)          r11      r10     null    0x0            a0.0       {@1,$1} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $1
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x2190000:ud                        // $2
(W)     mov (1|M0)               r10.2<1>:f    6.42853e-40:f                               {$1.src}  //  (0x00070003:f); $2
(W)     mov (1|M0)               r10.0<1>:f    r1.0<0;1,0>:f                    {Compacted}          // $2
(W)     mov (1|M0)               r10.1<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $2
        sync.nop                             null                             {Compacted,$1.dst}     // $1
(W)     mov (4|M0)               r2.0<1>:f     r11.0<4;4,1>:f                   {$0.dst}             // $1
(W)     send.dc1 (8|M0)          r2       r10     null    0x0            a0.0       {@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $2
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x20A8000:ud                        // $3
(W)     mov (1|M0)               r10.2<1>:f    2.75528e-40:f                               {$2.src}  //  (0x0003000f:f); $3
(W)     mov (1|M0)               r10.1<1>:f    5.60519e-45:f                                         //  (0x00000004:f); $3
(W)     send.dc1 (8|M0)          null     r10     r2      0x80            a0.0       {@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $3
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x20A8702:ud                        // $4
(W)     mov (1|M0)               r10.2<1>:f    9.18453e-41:f                               {$2.src}  //  (0x00010007:f); $4
(W)     mov (1|M0)               r10.0<1>:f    2.24208e-44:f                                         //  (0x00000010:f); $4
(W)     mov (1|M0)               r10.1<1>:f    r1.0<0;1,0>:f                    {Compacted}          // $4
(W)     send.dc1 (8|M0)          null     r10     r2      0x40            a0.0       {@1,$3} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $4
        sync.nop                             null                             {Compacted,$3.src}     // $5
        ret (8|M0)                           r1.2                             {@1}                   // $5


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 29
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
