/*
 * cpu_isa.c - choosing the variant of the dispatched CPU kernels (see cpu_isa.h).
 *
 * [Why CPUID and XGETBV by hand] A CPU can have AVX2 or AVX-512 while the operating system
 * does not save the wide registers on a context switch (then the instructions fault); the
 * variant is usable only when CPUID reports every feature of its x86-64 level and XCR0 shows
 * the OS saving the YMM (and, for AVX-512, the opmask and ZMM) state.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paddle_c/cpu_isa.h"

#if PC_ISA_DISPATCH && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>

static uint64_t read_xcr0(void)
{
    uint32_t lo;
    uint32_t hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

#define BIT(r, n) (((r) >> (n)) & 1u)

static pc_cpu_isa detect(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return PC_ISA_BASELINE;
    }
    const unsigned fma = BIT(c, 12), movbe = BIT(c, 22), osxsave = BIT(c, 27), avx = BIT(c, 28),
                   f16c = BIT(c, 29);
    if (!osxsave || !avx || __get_cpuid_max(0, NULL) < 7) {
        return PC_ISA_BASELINE;
    }
    const uint64_t xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6) { /* SSE and YMM state */
        return PC_ISA_BASELINE;
    }
    unsigned lzcnt = 0;
    if (__get_cpuid(0x80000001u, &a, &b, &c, &d)) {
        lzcnt = BIT(c, 5);
    }
    __cpuid_count(7, 0, a, b, c, d);
    const unsigned bmi1 = BIT(b, 3), avx2 = BIT(b, 5), bmi2 = BIT(b, 8);
    if (!(fma && movbe && f16c && lzcnt && bmi1 && avx2 && bmi2)) {
        return PC_ISA_BASELINE; /* not all of x86-64-v3 */
    }
    const unsigned f = BIT(b, 16), dq = BIT(b, 17), cd = BIT(b, 28), bw = BIT(b, 30),
                   vl = BIT(b, 31);
    if (f && dq && cd && bw && vl && (xcr0 & 0xe6) == 0xe6) { /* opmask, ZMM0-15, ZMM16-31 */
        return PC_ISA_AVX512;
    }
    return PC_ISA_AVX2;
}
#undef BIT

int pc_cpu_isa_dispatched(void) { return 1; }
#else
static pc_cpu_isa detect(void)
{
#if PC_ISA_NATIVE_BUILD
    return PC_ISA_NATIVE;
#else
    return PC_ISA_BASELINE;
#endif
}

int pc_cpu_isa_dispatched(void) { return 0; }
#endif

static pc_cpu_isa best_isa;
static pc_cpu_isa active_isa;
static pc_status selected = PC_ERR_RUNTIME;
static char message[256];

const char *pc_cpu_isa_name(pc_cpu_isa isa)
{
    switch (isa) {
    case PC_ISA_BASELINE:
        return "baseline";
    case PC_ISA_AVX2:
        return "avx2";
    case PC_ISA_AVX512:
        return "avx512";
    case PC_ISA_NATIVE:
        return "native";
    }
    return "?";
}

/* The variant PADDLE_C_ISA names (lock-free: called once from pc_init). */
static pc_status choose(void)
{
    best_isa = detect();
    active_isa = best_isa;
    const char *env = getenv("PADDLE_C_ISA");
    if (env == NULL || env[0] == '\0' || strcmp(env, "native") == 0) {
        return PC_OK;
    }
    const int dispatched = pc_cpu_isa_dispatched();
    pc_cpu_isa want = PC_ISA_NATIVE;
    if (strcmp(env, "baseline") == 0) {
        want = PC_ISA_BASELINE;
    } else if (strcmp(env, "avx2") == 0) {
        want = PC_ISA_AVX2;
    } else if (strcmp(env, "avx512") == 0) {
        want = PC_ISA_AVX512;
    } else {
        return pc_error_set(PC_ERR_VALUE, "PADDLE_C_ISA=%s: expected baseline, avx2, avx512 or "
                            "native", env);
    }
    if (!dispatched && want != best_isa) {
        return pc_error_set(PC_ERR_VALUE, "PADDLE_C_ISA=%s: this build has the single variant "
                            "'%s' (the per-ISA variants are built on x86-64 without "
                            "PC_NATIVE)", env, pc_cpu_isa_name(best_isa));
    }
    if (want > best_isa) {
        return pc_error_set(PC_ERR_VALUE, "PADDLE_C_ISA=%s: this CPU supports at most '%s'", env,
                            pc_cpu_isa_name(best_isa));
    }
    active_isa = want;
    return PC_OK;
}

pc_status pc_cpu_isa_select(void)
{
    static int done = 0;
    if (!done) {
        done = 1;
        selected = choose();
        if (selected != PC_OK) {
            snprintf(message, sizeof message, "%s", pc_error_message());
        }
    } else if (selected != PC_OK) {
        pc_error_set(selected, "%s", message);
    }
    return selected;
}

pc_cpu_isa pc_cpu_isa_active(void) { return active_isa; }

pc_cpu_isa pc_cpu_isa_best(void) { return best_isa; }
