//.kernel k
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output -dumpcommonisa "
//.full_options "-TotalGRFNum 128 -output -dumpcommonisa -platform TGLLP "
//.instCount 92
//.RA type	GRAPH_COLORING_FF_RA
//.spill size 131072

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud align=16 words (r127.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare hw_tid (4)  rf=r size=4 type=ud align=2 words (r0.0)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r6.4)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r6.5)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r6.0)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r6.1)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r6.2)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r6.3)
//.declare %tsc (21)  rf=r size=20 type=ud align=2 words
//.declare %arg (22)  rf=r size=32 type=ud align=16 words (r26.0)
//.declare %retval (23)  rf=r size=32 type=ud align=16 words (r26.0) Output
//.declare %sp (24)  rf=r size=8 type=uq align=4 words (r125.3)
//.declare %fp (25)  rf=r size=8 type=uq align=4 words (r125.2)
//.declare %sr0 (26)  rf=r size=16 type=ud align=2 words
//.declare %cr0 (27)  rf=r size=12 type=ud align=2 words
//.declare %ce0 (28)  rf=r size=4 type=ud align=2 words
//.declare %dbg0 (29)  rf=r size=8 type=ud align=2 words
//.declare implBufPtr (31)  rf=r size=8 type=uq align=4 words (r126.0)
//.declare localIdBufPtr (32)  rf=r size=8 type=uq align=4 words (r126.3)
//.declare %msg0 (33)  rf=r size=12 type=ud align=2 words
//.declare V0033 (39)  rf=r size=32 type=d alias=+0 align=16 words (r127.0)
//.declare V0035 (41)  rf=r size=32 type=d alias=+0 align=16 words (r127.0)
//.declare V0036 (42)  rf=r size=32 type=d align=16 words (r4.0)
//.declare V0037 (43)  rf=r size=12 type=d align=2 words (r5.5)
//.declare V0038 (44)  rf=r size=32 type=w align=16 words (r1.0)
//.declare V0039 (45)  rf=r size=32 type=w align=16 words (r2.0)
//.declare V0040 (46)  rf=r size=32 type=w align=16 words (r3.0)
//.declare V0041 (47)  rf=r size=8 type=uq align=4 words (r5.1)
//.declare V0042 (48)  rf=r size=4 type=d align=2 words (r5.4)
//.declare V0044 (50)  rf=r size=384 type=d alias=%arg+0 align=16 words (r26.0)
//.declare V0046 (52)  rf=r size=256 type=d alias=%retval+0 align=16 words (r26.0)
//.declare V0048 (54)  rf=r size=8 type=uq alias=%sp+0 align=16 words (r125.3)
//.declare V0050 (56)  rf=r size=8 type=uq alias=%fp+0 align=16 words (r125.2)
//.declare V0052 (58)  rf=r size=4 type=ud alias=hw_tid+0 align=16 words (r0.0)
//.declare V0053 (59)  rf=r size=4 type=ud align=2 words (r3.2)
//.declare V0054 (60)  rf=r size=8 type=ud alias=V0041+0 align=4 words (r5.2)
//.declare V0055 (61)  rf=r size=8 type=ud align=16 words (r3.0)
//.declare V0056 (62)  rf=r size=8 type=ud align=16 words (r2.0)
//.declare V0057 (63)  rf=r size=4 type=ud align=16 words (r0.0)
//.declare V0058 (64)  rf=r size=8 type=ud alias=V0048+0 align=4 words (r125.6)
//.declare V0059 (65)  rf=r size=8 type=ud alias=V0050+0 align=4 words (r125.4)
//.declare V0060 (66)  rf=r size=8 type=ud align=16 words (r3.0)
//.declare V0061 (67)  rf=r size=8 type=ud align=16 words (r2.0)
//.declare V0062 (68)  rf=r size=4 type=ud align=16 words (r0.0)
//.declare V0063 (69)  rf=r size=8 type=uq align=16 words (r3.0)
//.declare V0064 (70)  rf=r size=8 type=ud alias=V0063+0 align=4 words (r3.0)
//.declare V0065 (71)  rf=r size=8 type=uq align=16 words (r2.0)
//.declare V0066 (72)  rf=r size=8 type=ud alias=V0065+0 align=16 words (r2.0)
//.declare V0067 (73)  rf=r size=8 type=uq align=4 words (r5.0)
//.declare V0068 (74)  rf=r size=4 type=d align=16 words (r5.0)
//.declare V0069 (75)  rf=r size=32 type=d align=16 words (r60.0)
//.declare V0070 (76)  rf=r size=32 type=uw alias=V0038+0 align=16 words (r1.0)
//.declare V0072 (78)  rf=r size=32 type=d align=16 words (r0.0)
//.declare V0074 (80)  rf=r size=32 type=ud alias=V0069+0 align=16 words (r60.0)
//.declare  (83)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (84)  rf=r size=32 type=ud align=16 words (r112.0)
//.declare  (85)  rf=r size=32 type=ud align=16 words (r125.0)
//.declare be_fp (86)  rf=r size=4 type=ud align=2 words (r125.3)
//.declare be_sp (87)  rf=r size=4 type=ud align=2 words (r125.2)
//.declare SR (88)  rf=r size=32 type=ud align=16 words (r126.0)
//.declare VCE_SAVE (89)  rf=r size=2080 type=ud align=16 words (r60.0)
//.declare  (90)  rf=r size=1888 type=ud align=16 words
//.declare  (91)  rf=a size=32 type=uw align=1 words (a0.0)
//.declare  (92)  rf=f64  size=8 type=uw align=1 words (f0.0)
//.declare  (93)  rf=f32  size=4 type=uw align=2 words (f0.0)
//.declare  (94)  rf=f32  size=4 type=uw align=2 words (f1.0)
//.declare  (95)  rf=r size=32 type=ud align=16 words (r26.0)
//.declare  (96)  rf=r size=32 type=ud align=16 words (r5.0)
//.declare  (97)  rf=r size=32 type=ud align=16 words (r5.0)
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
//.declare %arg (22)  rf=r size=32 type=ud align=16 words (r26.0)
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
//.declare V0034 (40)  rf=r size=32 type=d align=16 words (r60.0)
//.declare V0036 (42)  rf=r size=384 type=d alias=%arg+0 align=16 words (r26.0)
//.declare V0038 (44)  rf=r size=256 type=d alias=%retval+0 align=16 words (r26.0)
//.declare V0040 (46)  rf=r size=8 type=uq alias=%sp+0 align=16 words (r125.3)
//.declare V0042 (48)  rf=r size=8 type=uq alias=%fp+0 align=16 words (r125.2)
//.declare V0044 (50)  rf=r size=8 type=uq align=16 words (r62.0)
//.declare V0045 (51)  rf=r size=8 type=ud alias=V0044+0 align=4 words (r62.0)
//.declare V0046 (52)  rf=r size=8 type=ud alias=V0042+0 align=4 words (r125.4)
//.declare V0047 (53)  rf=r size=8 type=ud alias=V0040+0 align=4 words (r125.6)
//.declare V0049 (55)  rf=r size=8 type=ud align=16 words (r1.0)
//.declare V0050 (56)  rf=r size=4 type=ud align=16 words (r0.0)
//.declare V0051 (57)  rf=r size=8 type=uq align=16 words (r1.0)
//.declare V0052 (58)  rf=r size=8 type=ud alias=V0051+0 align=16 words (r1.0)
//.declare V0054 (60)  rf=r size=32 type=d align=16 words (r61.0)
//.declare P1 (64)  rf=f8  size=2 type=uw align=1 words (f0.0)
//.declare  (65)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (66)  rf=r size=32 type=ud align=16 words (r125.0)
//.declare  (67)  rf=r size=32 type=ud align=16 words (r125.0)
//.declare  (68)  rf=r size=32 type=ud align=16 words (r125.0)
//.declare be_fp (69)  rf=r size=4 type=ud align=2 words (r125.3)
//.declare be_sp (70)  rf=r size=4 type=ud align=2 words (r125.2)
//.declare SR (71)  rf=r size=32 type=ud align=16 words (r126.0)
//.declare VCE_SAVE (72)  rf=r size=2080 type=ud align=16 words
//.declare  (73)  rf=r size=1888 type=ud align=16 words
//.declare  (74)  rf=a size=32 type=uw align=1 words (a0.0)
//.declare  (75)  rf=f64  size=8 type=uw align=1 words (f0.0)
//.declare  (76)  rf=r size=1888 type=ud align=16 words
//.declare  (77)  rf=a size=32 type=uw align=1 words (a0.0)
//.declare  (78)  rf=f64  size=8 type=uw align=1 words (f0.0)
//.declare  (79)  rf=f32  size=4 type=uw align=2 words (f0.0)
//.declare  (80)  rf=f32  size=4 type=uw align=2 words (f1.0)
//.declare  (81)  rf=r size=32 type=ud align=16 words (r26.0)
//.declare  (82)  rf=r size=32 type=ud align=16 words (r26.0)
//.declare  (83)  rf=r size=16 type=ud align=2 words (r59.4)
//.declare  (84)  rf=r size=16 type=ud align=2 words (r125.0)
//.declare  (85)  rf=r size=128 type=ud align=16 words (r60.0)
//.declare  (86)  rf=r size=128 type=ud align=16 words (r60.0)
//.declare  (87)  rf=r size=32 type=ud align=16 words (r59.0)
//.declare  (88)  rf=r size=32 type=ud align=16 words (r59.0)
//.declare  (89)  rf=r size=32 type=ud align=16 words (r59.0)
//.declare  (90)  rf=r size=32 type=ud align=16 words (r59.0)
//.declare  (91)  rf=r size=32 type=ud align=16 words (r125.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | V0038    | :w x 16  |     32 | r1       | general    |
// | V0039    | :w x 16  |     32 | r2       | general    |
// | V0040    | :w x 16  |     32 | r3       | general    |
// | V0036    | :d x 8   |     32 | r4       | general    |
// | V0067    | :uq      |      8 | r5       | general    |
// | V0041    | :uq      |      8 | r5+8     | general    |
// | V0042    | :d       |      4 | r5+16    | general    |
// | V0037    | :d x 3   |     12 | r5+20    | general    |
// +----------+----------+--------+----------+------------+


// B000: [FCALL],  Preds:{},  Succs:{B002}
_main_0_76:
(W)     mov (8|M0)               r127.0<1>:ud  r0.0<1;1,0>:ud                                        // 
(W)     mov (8|M0)               r126.0<1>:f   r127.0<8;8,1>:f                  {Compacted,@1}       // 
(W)     mov (1|M0)               r125.3<1>:f   0.0:f                               {Compacted}       //  (0x00000000:f); 
(W)     mov (1|M0)               r125.2<1>:f   5.60519e-45:f                                         //  (0x00000004:f); 
(W)     and (1|M0)               r0.0<1>:ud    r0.5<0;1,0>:ud    0x3FF:ud              {Compacted}   // 
(W)     or (1|M0)                cr0.0<1>:ud   cr0.0<0;1,0>:ud   0x4C0:uw              {@1}          // $1
(W)     mul (1|M0)               r3.2<1>:ud    r0.0<0;1,0>:ud    0x8200:uw              {@1}         // $2
(W)     mov (2|M0)               r3.0<1>:f     r5.2<2;2,1>:f                    {Compacted}          // $3
        mov (8|M0)               r60.0<1>:d    r1.0<8;8,1>:uw                                        // $17
(W)     addc (1|M0)              r2.0<1>:ud    r3.0<0;1,0>:ud    r3.2<0;1,0>:ud   {AccWrEn,@2}       // $4
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0x0:ud              {@7}            // $22
(W)     mov (1|M0)               r0.0<1>:ud    acc0.0<0;1,0>:ud                 {Compacted}          // $4
(W)     add (1|M0)               r2.1<1>:ud    r0.0<0;1,0>:ud    r3.1<0;1,0>:ud   {@1}               // $5
(W)     mov (2|M0)               r125.6<1>:f   r2.0<2;2,1>:f                    {Compacted,@1}       // $6
(W)     mov (2|M0)               r125.4<1>:f   r125.6<2;2,1>:f                  {@1}                 // $7
(W)     mov (2|M0)               r3.0<1>:f     r125.4<2;2,1>:f                  {Compacted,@1}       // $8
(W)     addc (1|M0)              r2.0<1>:ud    r3.0<0;1,0>:ud    0x10:ud              {AccWrEn,@1}   // $9
(W)     mov (1|M0)               r3.0<2>:f     0.0:f                                                 //  (0x00000000:f); $12
(W)     mov (1|M0)               r0.0<1>:ud    acc0.0<0;1,0>:ud                 {Compacted}          // $9
(W)     mul (1|M0)               acc0.0<1>:d   r5.5<0;1,0>:d     r127.2<0;1,0>:uw                    // $16
(W)     add (1|M0)               r2.1<1>:ud    r0.0<0;1,0>:ud    r3.1<0;1,0>:ud   {@2}               // $10
(W)     mach (1|M0)              r5.0<1>:d     r5.5<0;1,0>:d     r127.1<0;1,0>:d                     // $17
(W)     mov (2|M0)               r125.6<1>:f   r2.0<2;2,1>:f                    {Compacted,@2}       // $11
(W)     mov (2|M0)               r2.0<1>:f     r125.4<2;2,1>:f                  {Compacted}          // $14
        add (8|M0)               r60.0<1>:d    r5.0<0;1,0>:d     r60.0<8;8,1>:d   {Compacted,@3}     // $18
(W)     mov (1|M0)               r3.1<2>:f     0.0:f                                                 //  (0x00000000:f); $13
(W)     mov (1|M0)               r0.0<1>:f     r2.0<0;1,0>:f                    {Compacted,@3}       // $15
(W)     mov (1|M0)               r0.1<1>:f     r2.1<0;1,0>:f                    {Compacted}          // $15
        add (8|M0)               r60.0<1>:d    r60.0<8;8,1>:d    r4.0<0;1,0>:d    {Compacted,@4}     // $19
(W)     send.dc1 (8|M0)          null     r0      r3      0x40            0x020D40FF           {@2,$0} // wr:1h+1, rd:0; a64 unaligned oword block write x1 // $15
(W)     send.dc0 (8|M0)          null     r126    r5      0x40            0x020A02FF           {$1} // wr:1h+1, rd:0; oword block write x2 //  stack spill:  to FP[0x32]; $22
        and (8|M0)               r26.0<1>:d    r60.0<8;8,1>:d    7:w               {Compacted,@1}    // $20
        sync.allrd                           ($0,$1)                                                 // $22
        call (8|M0)              r125.0        L_f0_fib_0_60                    {@1}                 // $22
// B001: Preds:{B006},  Succs:{}
_k_k0_0_:
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0x0:ud              {$1.src}        // $22
        shl (8|M0)               r60.0<1>:d    r60.0<8;8,1>:d    2:w               {Compacted}       // $24
(W)     send.dc0 (8|M0)          r5       r126    null    0x0            0x021802FF           {@2,$2} // wr:1h+0, rd:1; oword block read x2 //  stack fill:  from FP[0x32]; $22
        sync.nop                             null                             {Compacted,$2.dst}     // $23
        sync.nop                             null                             {Compacted,$0.src}     // $23
        mov (8|M0)               r0.0<1>:f     r26.0<8;8,1>:f                   {Compacted,@4}       // $23
(W)     mov (8|M0)               r112.0<1>:f   r127.0<8;8,1>:f                  {Compacted}          // $28
        add (8|M0)               r60.0<1>:d    r60.0<8;8,1>:d    r5.4<0;1,0>:d    {Compacted,@3,$2.dst} // $25
        send.dc1 (8|M0)          null     r60     r0      0x40            0x02026E00           {@1,$3} // wr:1+1, rd:0; untyped surface write with x // $27
(W)     send.ts (8|M0)           null     r112    null    0x0            0x02000010           {EOT,@2} // wr:1+0, rd:0; end of thread // $28
L536:
        nop                                                                                          // $28
// B002: [inDivergent],  Preds:{B004, B003, B000},  Succs:{B003, B006}
L_f0_fib_0_60:
(W)     add (1|M0)               r126.2<1>:ud  r125.2<0;1,0>:ud  0x0:ud                              // $1
(W)     mov (4|M0)               r59.4<1>:f    r125.0<4;4,1>:f                                       //  save vISA SP/FP to temp; $1
(W)     send.dc0 (8|M0)          null     r126    r125    0x40            0x020A02FF           {@2,$0} // wr:1h+1, rd:0; oword block write x2 //  stack spill:  to FP[0x32]; $1
(W)     mov (1|M0)               r125.3<1>:f   r125.2<0;1,0>:f                  {$0.src}             //  vISA_FP = vISA_SP; $1
(W)     add (1|M0)               r125.2<1>:ud  r125.2<0;1,0>:ud  0x10:ud                             //  vISA_SP += vISA_frameSize; $1
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0x4:ud              {@2}            // $1
(W)     send.dc0 (16|M0)         null     r126    r60     0x100            0x020A04FF           {@1,$1} // wr:1h+4, rd:0; oword block write x8 //  stack spill:  to FP[2x32]; $1
(W)     mov (2|M0)               r62.0<1>:f    r125.4<2;2,1>:f                  {Compacted,$1.src}   // $2
(W)     mov (2|M0)               r125.4<1>:f   r125.6<2;2,1>:f                                       // $3
        mov (8|M0)               r60.0<1>:f    r26.0<8;8,1>:f                   {Compacted}          // $1
(W)     addc (1|M0)              r1.0<1>:ud    r125.4<0;1,0>:ud  0x10:ud              {AccWrEn,@2}   // $5
        cmp (8|M0)    (lt)f0.0   null<1>:d     r60.0<8;8,1>:d    2:w               {Compacted,@2}    // $10
(W)     mov (1|M0)               r0.0<1>:ud    acc0.0<0;1,0>:ud                 {Compacted}          // $5
(W)     add (1|M0)               r1.1<1>:ud    r0.0<0;1,0>:ud    r125.5<0;1,0>:ud {@1}               // $6
(W)     mov (2|M0)               r125.6<1>:f   r1.0<2;2,1>:f                    {Compacted,@1}       // $7
(W)     mov (2|M0)               r1.0<1>:f     r125.4<2;2,1>:f                  {Compacted}          // $8
(W)     mov (1|M0)               r0.0<1>:f     r1.0<0;1,0>:f                    {Compacted,@1}       // $9
(W)     mov (1|M0)               r0.1<1>:f     r1.1<0;1,0>:f                    {Compacted}          // $9
(W)     send.dc1 (8|M0)          null     r0      r62     0x40            0x020D40FF           {@1,$2} // wr:1h+1, rd:0; a64 unaligned oword block write x1 // $9
(f0.0)  goto (8|M0)                          L_f0__1_004_61    L_f0__1_004_61                        // $11
// B003: [FCALL],  [inDivergent],  Preds:{B002},  Succs:{B002}
L_f0__1_005_62:
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0xC:ud                              // $15
        add (8|M0)               r26.0<1>:d    r60.0<8;8,1>:d    -1:w               {Compacted}      // $13
(W)     send.dc0 (8|M0)          null     r126    r59     0x40            0x020A02FF           {@2,$3} // wr:1h+1, rd:0; oword block write x2 //  stack spill:  to FP[6x32]; $15
        sync.allrd                           ($2,$3)                                                 // $15
        call (8|M0)              r125.0        L_f0_fib_0_60                    {@1}                 // $15
// B004: [FCALL],  [inDivergent],  Preds:{B006},  Succs:{B002}
_fib_f0_0_:
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0xC:ud              {$3.src}        // $15
        mov (8|M0)               r61.0<1>:f    r26.0<8;8,1>:f                   {Compacted,@3}       // $16
(W)     send.dc0 (8|M0)          r59      r126    null    0x0            0x021802FF           {@2,$4} // wr:1h+0, rd:1; oword block read x2 //  stack fill:  from FP[6x32]; $15
        sync.nop                             null                             {Compacted,$4.dst}     // $19
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0xC:ud              {$4.src}        // $19
        add (8|M0)               r26.0<1>:d    r60.0<8;8,1>:d    -2:w               {Compacted}      // $17
(W)     send.dc0 (8|M0)          null     r126    r59     0x40            0x020A02FF           {@2,$4} // wr:1h+1, rd:0; oword block write x2 //  stack spill:  to FP[6x32]; $19
        sync.allrd                           ($2,$4)                                                 // $19
        call (8|M0)              r125.0        L_f0_fib_0_60                    {@1}                 // $19
// B005: [inDivergent],  Preds:{B006},  Succs:{B006}
_fib_f0_1_:
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0xC:ud              {$4.src}        // $19
        add (8|M0)               r60.0<1>:d    r61.0<8;8,1>:d    r26.0<8;8,1>:d   {Compacted,@3}     // $21
(W)     send.dc0 (8|M0)          r59      r126    null    0x0            0x021802FF           {@2,$5} // wr:1h+0, rd:1; oword block read x2 //  stack fill:  from FP[6x32]; $19
        sync.nop                             null                             {Compacted,$5.dst}     // 
// B006: [inDivergent],  Preds:{B005, B002},  Succs:{B005, B004, B001}
L_f0__1_004_61:
        join (8|M0)                          L1064                                                   // 
L1064:
(W)     add (1|M0)               r126.2<1>:ud  r125.3<0;1,0>:ud  0x4:ud              {$5.src}        // $26
(W)     mov (2|M0)               r125.6<1>:f   r125.4<2;2,1>:f                                       // $23
        mov (8|M0)               r26.0<1>:f    r60.0<8;8,1>:f                   {Compacted,@4}       // $25
(W)     mov (2|M0)               r125.4<1>:f   r62.0<2;2,1>:f                   {Compacted}          // $24
        sync.nop                             null                             {Compacted,$2.src}     // $26
(W)     send.dc0 (16|M0)         r60      r126    null    0x0            0x024804FF           {@1,$6} // wr:1h+0, rd:4; oword block read x8 //  stack fill:  from FP[2x32]; $26
(W)     mov (4|M0)               r125.0<1>:f   r59.4<4;4,1>:f                   {$5.dst}             //  restore vISA SP/FP from temp; $26
        ret (8|M0)                           r125.0                           {@1,$6.dst}            // $26


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 45
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
