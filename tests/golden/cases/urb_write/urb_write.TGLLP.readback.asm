//.kernel urb_write
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output -dumpcommonisa "
//.full_options "-TotalGRFNum 128 -output -dumpcommonisa -platform TGLLP "
//.instCount 8
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
//.declare CM (38)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare H (39)  rf=r size=32 type=ud align=16 words (r1.0)
//.declare PSO (40)  rf=r size=32 type=ud align=16 words (r2.0)
//.declare DATA (41)  rf=r size=256 type=f align=16 words (r3.0)
//.declare P1 (42)  rf=f8  size=2 type=uw align=1 words (f0.0)
//.declare  (43)  rf=r size=128 type=ud align=16 words (r11.0)
//.declare  (44)  rf=r size=128 type=f alias=+0 align=16 words (r11.0)
//.declare  (45)  rf=r size=128 type=d alias=+0 align=16 words (r11.0)
//.declare  (49)  rf=r size=8 type=ud align=4 words (r15.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{}
_urb_write_k0_0_:
        mov (8|M0)               r11.0<1>:f    r2.0<8;8,1>:f                    {Compacted}          // $0
        shl (8|M0)               r12.0<1>:ud   r0.0<8;8,1>:ud    0x10:uw                             // $0
        mov (8|M0)               r13.0<1>:f    r3.0<8;8,1>:f                    {Compacted}          // $0
        mov (8|M0)               r14.0<1>:f    r4.0<8;8,1>:f                    {Compacted}          // $0
        send.urb (8|M0)          null     r1      r11     0x100            0x020A8047           {@1,$0} // wr:1h+4, rd:0; urb dword masked write with per-slot offset enabled // $0
(f0.0)  send.urb (8|M0)          null     r1      r3      0x40            0x02080007           {$1} // wr:1h+1, rd:0; urb dword write // $1
        sync.allrd                           ($0,$1)                                                 // $2
        ret (8|M0)                           r15.0                            {@1}                   // $2


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 8
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
