/*
 * cpu_isa.h - the instruction-set variant of the dispatched CPU kernels (runtime dispatch).
 *
 * The hot CPU kernel families are compiled once per variant (CMakeLists.txt, PC_ISA_FAMILIES);
 * one variant is chosen once, before the kernel table is filled: the best the CPU and the
 * operating system support (CPUID and XGETBV), or the one PADDLE_C_ISA names
 * (baseline, avx2, avx512 or native), never one above what the CPU supports.
 *
 * Variants: baseline is x86-64-v2 (SSE4.2) on x86-64 and the compiler's default elsewhere
 * (NEON on aarch64); avx2 is x86-64-v3 (AVX2, FMA, BMI2); avx512 is x86-64-v4 (AVX-512 F, BW,
 * CD, DQ, VL). A build with PC_NATIVE=ON compiles everything for the building machine and has
 * the single variant "native".
 */
#ifndef PADDLE_C_CPU_ISA_H
#define PADDLE_C_CPU_ISA_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_cpu_isa {
    PC_ISA_BASELINE = 0,
    PC_ISA_AVX2 = 1,
    PC_ISA_AVX512 = 2,
    PC_ISA_NATIVE = 3, /* PC_NATIVE=ON builds: one variant, for the building machine */
} pc_cpu_isa;

/* Choose the variant (once; later calls return the first result). PC_ERR_VALUE when
 * PADDLE_C_ISA names no variant or one the CPU cannot run. */
pc_status pc_cpu_isa_select(void);

/* The variant in use (valid after pc_cpu_isa_select succeeded). */
pc_cpu_isa pc_cpu_isa_active(void);

/* The best variant this CPU and OS support among those compiled in. */
pc_cpu_isa pc_cpu_isa_best(void);

/* "baseline", "avx2", "avx512" or "native". */
const char *pc_cpu_isa_name(pc_cpu_isa isa);

/* 1 when the build carries the per-ISA variants (x86-64 without PC_NATIVE). */
int pc_cpu_isa_dispatched(void);

#ifdef __cplusplus
}
#endif
#endif
