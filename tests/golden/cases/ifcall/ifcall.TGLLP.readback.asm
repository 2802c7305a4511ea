//.kernel f
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output -dumpcommonisa "
//.full_options "-TotalGRFNum 128 -output -dumpcommonisa -platform TGLLP "
//.instCount 22
//.RA type	GRAPH_COLORING_SPILL_FF_BC_RA

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud alias=BuiltInR0+0 align=16 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r1.4)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r1.5)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r1.0)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r1.1)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r1.2)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r1.3)
//.declare %tsc (21)  rf=r size=20 type=ud align=2 words
//.declare %arg (22)  rf=r size=64 type=ud align=16 words (r26.0)
//.declare %retval (23)  rf=r size=32 type=ud align=16 words (r26.0) Output
//.declare %sp (24)  rf=r size=8 type=uq align=4 words (r125.3)
//.declare %fp (25)  rf=r size=8 type=uq align=16 words (r125.2)
//.declare %sr0 (26)  rf=r size=16 type=ud align=2 words
//.declare %cr0 (27)  rf=r size=12 type=ud align=2 words
//.declare %ce0 (28)  rf=r size=4 type=ud align=2 words
//.declare %dbg0 (29)  rf=r size=8 type=ud align=2 words
//.declare implBufPtr (31)  rf=r size=8 type=uq align=4 words (r126.0)
//.declare localIdBufPtr (32)  rf=r size=8 type=uq align=4 words (r126.3)
//.declare %msg0 (33)  rf=r size=12 type=ud align=2 words
//.declare V0037 (43)  rf=r size=384 type=d alias=%arg+0 align=16 words (r26.0)
//.declare V0039 (45)  rf=r size=256 type=d alias=%retval+0 align=16 words (r26.0)
//.declare V0041 (47)  rf=r size=8 type=uq alias=%sp+0 align=16 words (r125.3)
//.declare V0043 (49)  rf=r size=8 type=uq alias=%fp+0 align=16 words (r125.2)
//.declare V0045 (51)  rf=r size=8 type=uq align=16 words (r2.0)
//.declare V0046 (52)  rf=r size=8 type=ud alias=V0045+0 align=4 words (r2.0)
//.declare V0047 (53)  rf=r size=8 type=ud alias=V0043+0 align=4 words (r125.4)
//.declare V0048 (54)  rf=r size=8 type=ud alias=V0041+0 align=4 words (r125.6)
//.declare V0050 (56)  rf=r size=8 type=ud align=16 words (r1.0)
//.declare V0051 (57)  rf=r size=4 type=ud align=16 words (r0.0)
//.declare V0052 (58)  rf=r size=8 type=uq align=16 words (r1.0)
//.declare V0053 (59)  rf=r size=8 type=ud alias=V0052+0 align=16 words (r1.0)
//.declare V0054 (60)  rf=r size=32 type=d align=16 words (r0.0)
//.declare  (61)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (62)  rf=r size=32 type=ud align=16 words (r125.0)
//.declare be_fp (63)  rf=r size=4 type=ud align=2 words (r125.3)
//.declare be_sp (64)  rf=r size=4 type=ud align=2 words (r125.2)
//.declare SR (65)  rf=r size=32 type=ud align=16 words (r126.0)
//.declare VCE_SAVE (66)  rf=r size=2080 type=ud align=16 words (r60.0)
//.declare  (67)  rf=r size=16 type=ud align=2 words (r59.4)
//.declare  (68)  rf=r size=16 type=ud align=2 words (r125.0)
//.declare  (69)  rf=r size=32 type=ud align=16 words (r125.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// +----------+----------+--------+----------+------------+


// B000: [inDivergent],  Preds:{},  Succs:{}
L_f0_f_0_57:
(W)     add (1|M0)               r126.2<1>:ud  r125.2<0;1,0>:ud  0x0:ud                              // $1
(W)     mov (2|M0)               r2.0<1>:f     r125.4<2;2,1>:f                  {Compacted}          // $1
(W)     send.dc0 (8|M0)          null     r126    r125    0x40            0x020A02FF           {@2,$0} // wr:1h+1, rd:0; oword block write x2 //  stack spill:  to FP[0x32]; $1
(W)     mov (2|M0)               r125.4<1>:f   r125.6<2;2,1>:f                  {$0.src}             // $2
(W)     mov (4|M0)               r59.4<1>:f    r125.0<4;4,1>:f                                       //  save vISA SP/FP to temp; $1
(W)     addc (1|M0)              r1.0<1>:ud    r125.4<0;1,0>:ud  0x10:ud              {AccWrEn,@2}   // $4
(W)     mov (1|M0)               r125.3<1>:f   r125.2<0;1,0>:f                                       //  vISA_FP = vISA_SP; $1
(W)     mov (1|M0)               r0.0<1>:ud    acc0.0<0;1,0>:ud                 {Compacted}          // $4
(W)     mul (8|M0)               acc0.0<1>:d   r26.0<8;8,1>:d    r27.0<2;1,0>:uw  {Compacted}        // $9
(W)     add (1|M0)               r1.1<1>:ud    r0.0<0;1,0>:ud    r125.5<0;1,0>:ud {@2}               // $5
(W)     add (1|M0)               r125.2<1>:ud  r125.2<0;1,0>:ud  0x4:ud                              //  vISA_SP += vISA_frameSize; $1
(W)     mov (2|M0)               r125.6<1>:f   r1.0<2;2,1>:f                    {Compacted,@2}       // $6
(W)     mov (2|M0)               r1.0<1>:f     r125.4<2;2,1>:f                  {Compacted}          // $7
(W)     mov (4|M0)               r125.0<1>:f   r59.4<4;4,1>:f                   {@7}                 //  restore vISA SP/FP from temp; $14
(W)     mov (1|M0)               r0.0<1>:f     r1.0<0;1,0>:f                    {Compacted,@2}       // $8
(W)     mov (1|M0)               r0.1<1>:f     r1.1<0;1,0>:f                    {Compacted}          // $8
(W)     mov (2|M0)               r125.4<1>:f   r2.0<2;2,1>:f                    {Compacted}          // $12
(W)     send.dc1 (8|M0)          null     r0      r2      0x40            0x020D40FF           {@2,$1} // wr:1h+1, rd:0; a64 unaligned oword block write x1 // $8
        mach (8|M0)              r0.0<1>:d     r26.0<8;8,1>:d    r27.0<8;8,1>:d   {Compacted,$1.src} // $10
(W)     mov (2|M0)               r125.6<1>:f   r1.0<2;2,1>:f                    {Compacted}          // $11
        add (8|M0)               r26.0<1>:d    r0.0<8;8,1>:d     3:w               {Compacted,@2}    // $10
        ret (8|M0)                           r125.0                           {@1}                   // $14


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 22
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
