//.kernel lsc_strided
//.platform DG2
//.thread_config numGRF=128, numAcc=4, numSWSB=16
//.options_string "-platform DG2 -output "
//.full_options "-TotalGRFNum 128 -output -platform DG2 "
//.instCount 22
//.RA type	TRIVIAL_RA

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud alias=BuiltInR0+0 align=16 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r1.7)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r2.0)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r1.3)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r1.4)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r1.5)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r1.6)
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
//.declare A (39)  rf=r size=8 type=uq align=4 words (r1.0)
//.declare P (40)  rf=r size=4 type=ud align=2 words (r1.2)
//.declare  (41)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (42)  rf=r size=32 type=uq alias=+0 align=16 words (r0.0)
//.declare  (43)  rf=r size=8 type=uq align=16 words (r10.0)
//.declare  (44)  rf=r size=4 type=ud align=16 words (r11.0)
//.declare  (46)  rf=r size=32 type=ud align=16 words (r12.0)
//.declare  (47)  rf=r size=32 type=uq alias=+0 align=16 words (r12.0)
//.declare  (48)  rf=r size=32 type=ud align=16 words (r13.0)
//.declare  (49)  rf=r size=32 type=uq alias=+0 align=16 words (r13.0)
//.declare  (50)  rf=r size=32 type=ud align=16 words (r14.0)
//.declare  (51)  rf=r size=32 type=uq alias=+0 align=16 words (r14.0)
//.declare  (52)  rf=r size=4 type=ud align=16 words (r15.0)
//.declare  (53)  rf=r size=8 type=ud align=4 words (r1.4)
//.declare  (54)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (55)  rf=r size=32 type=ud align=16 words (r127.0)
//.declare  (56)  rf=r size=32 type=ud align=16 words (r1.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | A        | :uq      |      8 | r1       | general    |
// | P        | :ud      |      4 | r1+8     | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{B001}
cross_thread_prolog:
(W)     mov (8|M0)               r127.0<1>:ud  0x0:ud                                                // 
(W)     and (1|M0)               r127.2<1>:ud  r0.0<0;1,0>:ud    0xFFFFFFC0:ud                       // 
(W)     send.dc0 (8|M0)          r1       r127    null:0  0x0            0x021842FD           {A@1,$0} // wr:1h+0, rd:1; oword aligned block read x2 // $4
// B001: Preds:{B000},  Succs:{}
// _lsc_strided_k0_0_:
(W)     mov (2|M0)               r0.0<1>:f     r1.0<1;1,0>:f                    {Compacted,$0.dst}   // $0
(W)     mov (1|M0)               r0.2<1>:ud    0x10:uw                                               // $0
(W)     addc (1|M0)              r11.0<1>:ud   r1.0<0;1,0>:ud    0x20:ud              {AccWrEn}      // $1
        load_strided.ugm.d32x4.a64 (16|M0)  r2:8 [r0:1]            {A@1,$1} // ex_desc:0x0; desc:0x2803581 // $0
(W)     add (1|M0)               r15.0<1>:ud   acc0.0<0;1,0>:ud  r1.1<0;1,0>:ud                      // $1
(W)     mov (1|M0)               r10.0<1>:f    r11.0<0;1,0>:f                   {Compacted,I@2}      // $1
(W)     mov (1|M0)               r10.1<1>:ud   r15.0<0;1,0>:ud                  {I@1}                // $1
(W)     mov (1|M0)               r12.2<1>:ud   0x8:uw                                                // $1
(W)     mov (1|M0)               r13.0<1>:ud   r1.2<0;1,0>:ud                                        // $2
(W)     mov (1|M0)               r13.2<1>:ud   0x8:uw                                                // $2
(W)     mov (2|M0)               r12.0<1>:f    r10.0<1;1,0>:f                   {Compacted,A@1}      // $1
(W)     mov (1|M0)               r14.0<1>:ud   r1.2<0;1,0>:ud                                        // $3
(W)     mov (1|M0)               r14.2<1>:ud   0x40:uw                                               // $3
        store_strided.ugm.d32x4.a64 (16|M0)  [r12:1] r2:8          {A@1,$1} // ex_desc:0x0; desc:0x2003585 // $1
        sync.nop                             null                             {Compacted,$1.src}     // $2
        load_strided.slm.d32x2.a32 (8|M0)  r2:4 [r13:1]            {A@3,$2} // ex_desc:0x0; desc:0x2401501 // $2
        store_strided.ugm.d32x2.a32 (16|M0)  bti[3][r14:1] r2:4    {A@1,$2} // ex_desc:0x3000000; desc:0x62001505 // $3
        sync.nop                             null                             {Compacted,$2.src}     // $4
        ret (8|M0)                           r1.4                             {A@1}                  // $4


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
