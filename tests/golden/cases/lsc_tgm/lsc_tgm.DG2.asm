//.kernel lsc_tgm
//.platform DG2
//.thread_config numGRF=128, numAcc=4, numSWSB=16
//.options_string "-platform DG2 -output "
//.full_options "-TotalGRFNum 128 -output -platform DG2 "
//.instCount 37
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
//.declare A (39)  rf=r size=128 type=ud align=16 words (r10.0)
//.declare U (40)  rf=r size=64 type=ud align=16 words (r14.0)
//.declare V (41)  rf=r size=64 type=ud align=16 words (r16.0)
//.declare R (42)  rf=r size=64 type=ud align=16 words (r18.0)
//.declare L (43)  rf=r size=64 type=ud align=16 words (r20.0)
//.declare S (44)  rf=r size=64 type=ud align=16 words (r22.0)
//.declare X (45)  rf=r size=4 type=ud align=2 words (r1.0)
//.declare img (46)  rf=r size=4 type=ud align=2 words (r0.2)
//.declare  (47)  rf=r size=256 type=ud align=16 words (r24.0)
//.declare  (48)  rf=r size=256 type=ud align=16 words (r32.0)
//.declare  (49)  rf=r size=256 type=ud align=16 words (r40.0)
//.declare  (50)  rf=r size=4 type=ud align=2 words (r0.0)
//.declare  (51)  rf=r size=256 type=ud align=16 words (r48.0)
//.declare  (52)  rf=r size=256 type=ud align=16 words (r56.0)
//.declare  (53)  rf=r size=256 type=ud align=16 words (r64.0)
//.declare  (54)  rf=r size=8 type=ud align=4 words (r0.2)
//.declare  (55)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (56)  rf=r size=32 type=ud align=16 words (r127.0)
//.declare  (57)  rf=r size=32 type=ud align=16 words (r1.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | img      | :ud      |      4 | r0+8     | surface    |
// | X        | :ud      |      4 | r1       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{B001}
cross_thread_prolog:
(W)     mov (8|M0)               r127.0<1>:ud  0x0:ud                                                // 
(W)     and (1|M0)               r127.2<1>:ud  r0.0<0;1,0>:ud    0xFFFFFFC0:ud                       // 
(W)     send.dc0 (8|M0)          r1       r127    null:0  0x0            0x021842FD           {A@1,$0} // wr:1h+0, rd:1; oword aligned block read x2 // $6
// B001: Preds:{B000},  Succs:{}
// _lsc_tgm_k0_0_:
        mov (16|M0)              r24.0<1>:f    r14.0<1;1,0>:f                   {Compacted}          // $0
        mov (16|M0)              r26.0<1>:f    r16.0<1;1,0>:f                   {Compacted}          // $0
        mov (16|M0)              r28.0<1>:f    r18.0<1;1,0>:f                   {Compacted}          // $0
        mov (16|M0)              r30.0<1>:f    r20.0<1;1,0>:f                   {Compacted}          // $0
        load_quad.tgm.d32.x.a32 (16|M0)  r2:2   bti[123][r24:8]    {A@1,$1} // ex_desc:0x7B000000; desc:0x70201502 // $0
(W)     shl (1|M0)               r0.0<1>:ud    r1.0<0;1,0>:ud    0x18:ud              {Compacted,$0.dst} // $2
        mov (16|M0)              r32.0<1>:f    r14.0<1;1,0>:f                   {Compacted}          // $1
(W)     add (1|M0)               a0.2<1>:ud    r0.0<0;1,0>:ud    0x80:ud              {A@1}          // $2
        mov (16|M0)              r34.0<1>:f    r16.0<1;1,0>:f                   {Compacted}          // $1
        mov (16|M0)              r36.0<1>:f    r18.0<1;1,0>:f                   {Compacted}          // $1
        mov (16|M0)              r38.0<1>:f    r20.0<1;1,0>:f                   {Compacted}          // $1
        mov (16|M0)              r40.0<1>:f    r14.0<1;1,0>:f                   {Compacted}          // $2
        mov (16|M0)              r42.0<1>:f    r16.0<1;1,0>:f                   {Compacted}          // $2
        mov (16|M0)              r44.0<1>:f    r18.0<1;1,0>:f                   {Compacted}          // $2
        mov (16|M0)              r46.0<1>:f    r20.0<1;1,0>:f                   {Compacted}          // $2
        mov (16|M0)              r48.0<1>:f    r14.0<1;1,0>:f                   {Compacted}          // $3
        mov (16|M0)              r50.0<1>:f    r16.0<1;1,0>:f                   {Compacted}          // $3
        mov (16|M0)              r52.0<1>:ud   r18.0<1;1,0>:ud                                       // $3
        mov (16|M0)              r54.0<1>:ud   r20.0<1;1,0>:ud                                       // $3
        mov (16|M0)              r56.0<1>:ud   r14.0<1;1,0>:ud                                       // $4
        mov (16|M0)              r58.0<1>:ud   r16.0<1;1,0>:ud                                       // $4
        mov (16|M0)              r60.0<1>:ud   r18.0<1;1,0>:ud                                       // $4
        mov (16|M0)              r62.0<1>:ud   r20.0<1;1,0>:ud                                       // $4
        mov (16|M0)              r64.0<1>:ud   r14.0<1;1,0>:ud                                       // $5
        mov (16|M0)              r66.0<1>:ud   r16.0<1;1,0>:ud                                       // $5
        mov (16|M0)              r68.0<1>:ud   r18.0<1;1,0>:ud                                       // $5
        mov (16|M0)              r70.0<1>:ud   r20.0<1;1,0>:ud                                       // $5
        store_quad.tgm.d32.x.a32 (16|M0)  bti[123][r32:8] r2:8     {A@7,$1} // ex_desc:0x7B000000; desc:0x70001506 // $1
        atomic_iadd.tgm.d32.a32 (16|M0)  r10:2  bti[a0.2][r40:8]  r22               {A@3,$2} // ex_desc:a0.2; desc:0x7020050C // $2
        load_quad.tgm.d32.xyzw.a32 (16|M0)  r2:8 bti[2][r48:8]     {A@1,$3} // ex_desc:0x2000000; desc:0x7080F502 // $3
        store_quad.tgm.d32.x.a32 (16|M0)  bti[123][r56:8] r10:4    {A@5,$2} // ex_desc:0x7B000000; desc:0x70001506 // $4
        store_quad.tgm.d32.xyzw.a32 (16|M0)  bti[123][r64:8] r2:8  {A@1,$3} // ex_desc:0x7B000000; desc:0x7000F506 // $5
        sync.allrd                           ($1,$2,$3)                                              // $6
        ret (16|M0)                          r0.2                             {A@1}                  // $6


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 61
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
