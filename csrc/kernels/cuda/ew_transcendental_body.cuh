/*
 * ew_transcendental_body.cuh - the transcendental family's GPU kernels for dtype PCK_N: the
 * element functions of kernels/common/transcendental_elem.h (real floating) and complex_elem.h
 * (complex). Included per dtype by ew_transcendental.cu; no include guard.
 */
#include "kernels/common/complex_elem.h"
#include "kernels/common/transcendental_elem.h"

#if PCK_K == PCK_KF
PC_TRANSCENDENTAL_UNARY(PCU_UNARY)
PC_TRANSCENDENTAL_BINARY(PCU_BINARY)
static void PCK_FN(register_transcendental)(void)
{
    PC_TRANSCENDENTAL_UNARY(PCU_REG_U)
    PC_TRANSCENDENTAL_BINARY(PCU_REG_B)
}
#elif PCK_K == PCK_KC
PC_TRANSCENDENTAL_UNARY(PCU_UNARY)
static void PCK_FN(register_transcendental)(void) { PC_TRANSCENDENTAL_UNARY(PCU_REG_U) }
#else
static void PCK_FN(register_transcendental)(void) {}
#endif
