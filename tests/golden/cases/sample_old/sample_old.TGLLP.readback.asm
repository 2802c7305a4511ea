//.kernel sample_old
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output -dumpcommonisa "
//.full_options "-TotalGRFNum 128 -output -dumpcommonisa -platform TGLLP "
//.instCount 45
//.RA type	TRIVIAL_RA

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud alias=BuiltInR0+0 align=16 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r1.0)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r1.1)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r0.4)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r0.5)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r0.7)
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
//.declare U (38)  rf=r size=64 type=f align=16 words (r1.0)
//.declare V (39)  rf=r size=64 type=f align=16 words (r3.0)
//.declare R (40)  rf=r size=64 type=f align=16 words (r5.0)
//.declare DST (41)  rf=r size=256 type=f align=16 words (r7.0)
//.declare UI (42)  rf=r size=64 type=ud align=16 words (r15.0)
//.declare smp (43)  rf=r size=4 type=ud align=2 words (r0.3)
//.declare img (44)  rf=r size=4 type=ud align=2 words (r0.2)
//.declare  (45)  rf=r size=288 type=ud align=16 words (r17.0)
//.declare  (46)  rf=r size=256 type=ud alias=+32 align=16 words (r18.0)
//.declare  (47)  rf=r size=4 type=ud align=2 words (r26.0)
//.declare  (48)  rf=r size=160 type=ud align=16 words (r27.0)
//.declare  (49)  rf=r size=128 type=ud alias=+32 align=16 words (r28.0)
//.declare  (51)  rf=r size=160 type=ud align=16 words (r32.0)
//.declare  (52)  rf=r size=128 type=ud alias=+32 align=16 words (r33.0)
//.declare  (54)  rf=r size=288 type=ud align=16 words (r37.0)
//.declare  (55)  rf=r size=256 type=ud alias=+32 align=16 words (r38.0)
//.declare  (56)  rf=r size=160 type=ud align=16 words (r46.0)
//.declare  (57)  rf=r size=128 type=ud alias=+32 align=16 words (r47.0)
//.declare  (58)  rf=r size=8 type=ud align=4 words (r26.2)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | img      | :ud      |      4 | r0+8     | surface    |
// | smp      | :ud      |      4 | r0+12    | sampler    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{}
_sample_old_k0_0_:
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x128C0000:ud                       // $0
(W)     shl (1|M0)               r26.0<1>:ud   r0.3<0;1,0>:ud    0x8:ud              {Compacted}     // $0
        mov (8|M0)               r17.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $0
        mov (16|M0)              r18.0<1>:f    r1.0<8;8,1>:f                    {Compacted}          // $0
(W)     add (1|M0)               a0.0<1>:ud    a0.0<0;1,0>:ud    r26.0<0;1,0>:ud  {@3}               // $0
        mov (16|M0)              r20.0<1>:f    r3.0<8;8,1>:f                    {Compacted}          // $0
        mov (16|M0)              r22.0<1>:f    r5.0<8;8,1>:f                    {Compacted}          // $0
        mov (16|M0)              r24.0<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $0
        mov (1|M0)               r17.2<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $0
        mov (8|M0)               r27.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $1
        send.smpl (16|M0)        r7       r17     null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $0
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0xA4A0000:ud                        // $1
        mov (8|M0)               r28.0<1>:f    r1.0<8;8,1>:f                    {Compacted}          // $1
        mov (8|M0)               r29.0<1>:f    r3.0<8;8,1>:f                    {Compacted}          // $1
        mov (8|M0)               r30.0<1>:f    r5.0<8;8,1>:f                    {Compacted}          // $1
(W)     add (1|M0)               a0.0<1>:ud    a0.0<0;1,0>:ud    r26.0<0;1,0>:ud                     // $1
        mov (8|M0)               r31.0<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $1
        mov (1|M0)               r27.2<1>:f    6.88766e-41:f                                         //  (0x0000c000:f); $1
        mov (8|M0)               r32.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $2
        send.smpl (8|M0)         r7       r27     null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $1
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0xA4A0000:ud                        // $2
        mov (8|M0)               r33.0<1>:f    r1.0<8;8,1>:f                    {Compacted}          // $2
        mov (8|M0)               r34.0<1>:f    r3.0<8;8,1>:f                    {Compacted}          // $2
        mov (8|M0)               r35.0<1>:f    r5.0<8;8,1>:f                    {Compacted}          // $2
(W)     add (1|M0)               a0.0<1>:ud    a0.0<0;1,0>:ud    r26.0<0;1,0>:ud                     // $2
        mov (8|M0)               r36.0<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $2
        mov (1|M0)               r32.2<1>:f    4.0178e-41:f                                          //  (0x00007000:f); $2
        mov (8|M0)               r37.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $3
        send.smpl (8|M0)         r7       r32     null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $2
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0x128C7000:ud                       // $3
        mov (16|M0)              r38.0<1>:f    r15.0<8;8,1>:f                   {Compacted}          // $3
        mov (16|M0)              r40.0<1>:f    r15.0<8;8,1>:f                   {Compacted}          // $3
        mov (16|M0)              r42.0<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $3
        mov (16|M0)              r44.0<1>:f    r15.0<8;8,1>:f                   {Compacted}          // $3
        mov (1|M0)               r37.2<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $3
        mov (8|M0)               r46.0<1>:f    r0.0<8;8,1>:f                    {Compacted}          // $4
        send.smpl (16|M0)        r7       r37     null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $3
(W)     add (1|M0)               a0.0<1>:ud    r0.2<0;1,0>:ud    0xA4A7000:ud                        // $4
        mov (8|M0)               r47.0<1>:f    r15.0<8;8,1>:f                   {Compacted}          // $4
        mov (8|M0)               r48.0<1>:f    r15.0<8;8,1>:f                   {Compacted}          // $4
        mov (8|M0)               r49.0<1>:f    0.0:f                               {Compacted}       //  (0x00000000:f); $4
        mov (8|M0)               r50.0<1>:f    r15.0<8;8,1>:f                   {Compacted}          // $4
        mov (1|M0)               r46.2<1>:f    6.31369e-41:f                                         //  (0x0000b000:f); $4
        send.smpl (8|M0)         r7       r46     null    0x0            a0.0       {@1,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $4
        ret (16|M0)                          r26.2                            {@1,$0.dst}            // $5


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 53
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
