//.kernel dpas
//.platform DG2
//.thread_config numGRF=128, numAcc=4, numSWSB=16
//.options_string "-platform DG2 -output "
//.full_options "-TotalGRFNum 128 -output -platform DG2 "
//.instCount 7
//.RA type	TRIVIAL_RA

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
//.declare ACC (38)  rf=r size=256 type=f align=16 words (r0.0)
//.declare SB (40)  rf=r size=256 type=ud align=16 words (r8.0)
//.declare SC (41)  rf=r size=256 type=ud align=16 words (r16.0)
//.declare  (42)  rf=r size=8 type=ud align=4 words (r24.0)
//.declare  (43)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (44)  rf=r size=32 type=ud align=16 words (r127.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// +----------+----------+--------+----------+------------+


vISA asm emission: failed to re-decode binary for asm output
ERROR: PC[0x38] GED reports invalid value for field Src1DataType (line 39)
dpas:       59 40 03 00 a0 1a 07 00  04 00 00 00 04 08 04 10
ERROR: PC[0x38] GED reports invalid value for field Src1Precision (line 1027)
dpas:       59 40 03 00 a0 1a 07 00  04 00 00 00 04 08 04 10
ERROR: PC[0x38] GED reports invalid value for field Src2DataType (line 39)
dpas:       59 40 03 00 a0 1a 07 00  04 00 00 00 04 08 04 10
ERROR: PC[0x38] GED reports invalid value for field Src2Precision (line 1029)
dpas:       59 40 03 00 a0 1a 07 00  04 00 00 00 04 08 04 10

// B000: Preds:{},  Succs:{B001}
cross_thread_prolog:
(W)     mov (8|M0)               r127.0<1>:ud  0x0:ud                                                // 
(W)     and (1|M0)               r127.2<1>:ud  r0.0<0;1,0>:ud    0xFFFFFFC0:ud                       // 
// B001: Preds:{B000},  Succs:{}
// _dpas_k0_0_:
        sync.nop                             null                             {Compacted,I@1}        // $0
        dpas.8x8 (8|M0)          r0:f          r0:f              r8:bf             r16.0:bf         {$0} // $0 R{} IR{}{E:0,E:2,E:4,},  R{} IR{}{E:0,E:2,E:4,},  {BC=2}
        dpas.8x4 (8|M0)          r0:f          r0:f              r8:Type::INVALID  r16.0:Type::INVALID {$0} // $1 R{} IR{}{E:0,E:2,E:4,},  R{} IR{}{E:0,E:2,E:4,},  {BC=2}
        sync.nop                             null                             {Compacted,$0.dst}     // $2
        ret (8|M0)                           r24.0                            {A@1}                  // $2


//.BankConflicts: 4
//.BankConflicts.SameBank: 4
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 9
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
