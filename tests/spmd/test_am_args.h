/* Argument-list helpers for handlers of every arity 0..16 (generated pattern, kept by hand). */
#ifndef GEX_TEST_AM_ARGS_H
#define GEX_TEST_AM_ARGS_H

/* A_DECL_M: ', gex_AM_Arg_t a0, ..., aM-1'   A_LIST_M: ', a0, ..., aM-1' */
/* V_LIST_M: ', VAL(0), ..., VAL(M-1)' where VAL is defined by the user */
#define A_DECL_0
#define A_LIST_0
#define V_LIST_0
#define A_DECL_1 A_DECL_0, gex_AM_Arg_t a0
#define A_LIST_1 A_LIST_0, a0
#define V_LIST_1 V_LIST_0, VAL(0)
#define A_DECL_2 A_DECL_1, gex_AM_Arg_t a1
#define A_LIST_2 A_LIST_1, a1
#define V_LIST_2 V_LIST_1, VAL(1)
#define A_DECL_3 A_DECL_2, gex_AM_Arg_t a2
#define A_LIST_3 A_LIST_2, a2
#define V_LIST_3 V_LIST_2, VAL(2)
#define A_DECL_4 A_DECL_3, gex_AM_Arg_t a3
#define A_LIST_4 A_LIST_3, a3
#define V_LIST_4 V_LIST_3, VAL(3)
#define A_DECL_5 A_DECL_4, gex_AM_Arg_t a4
#define A_LIST_5 A_LIST_4, a4
#define V_LIST_5 V_LIST_4, VAL(4)
#define A_DECL_6 A_DECL_5, gex_AM_Arg_t a5
#define A_LIST_6 A_LIST_5, a5
#define V_LIST_6 V_LIST_5, VAL(5)
#define A_DECL_7 A_DECL_6, gex_AM_Arg_t a6
#define A_LIST_7 A_LIST_6, a6
#define V_LIST_7 V_LIST_6, VAL(6)
#define A_DECL_8 A_DECL_7, gex_AM_Arg_t a7
#define A_LIST_8 A_LIST_7, a7
#define V_LIST_8 V_LIST_7, VAL(7)
#define A_DECL_9 A_DECL_8, gex_AM_Arg_t a8
#define A_LIST_9 A_LIST_8, a8
#define V_LIST_9 V_LIST_8, VAL(8)
#define A_DECL_10 A_DECL_9, gex_AM_Arg_t a9
#define A_LIST_10 A_LIST_9, a9
#define V_LIST_10 V_LIST_9, VAL(9)
#define A_DECL_11 A_DECL_10, gex_AM_Arg_t a10
#define A_LIST_11 A_LIST_10, a10
#define V_LIST_11 V_LIST_10, VAL(10)
#define A_DECL_12 A_DECL_11, gex_AM_Arg_t a11
#define A_LIST_12 A_LIST_11, a11
#define V_LIST_12 V_LIST_11, VAL(11)
#define A_DECL_13 A_DECL_12, gex_AM_Arg_t a12
#define A_LIST_13 A_LIST_12, a12
#define V_LIST_13 V_LIST_12, VAL(12)
#define A_DECL_14 A_DECL_13, gex_AM_Arg_t a13
#define A_LIST_14 A_LIST_13, a13
#define V_LIST_14 V_LIST_13, VAL(13)
#define A_DECL_15 A_DECL_14, gex_AM_Arg_t a14
#define A_LIST_15 A_LIST_14, a14
#define V_LIST_15 V_LIST_14, VAL(14)
#define A_DECL_16 A_DECL_15, gex_AM_Arg_t a15
#define A_LIST_16 A_LIST_15, a15
#define V_LIST_16 V_LIST_15, VAL(15)

/* Applies X(M) to every arity. */
#define FOR_EACH_ARITY(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)

#endif
