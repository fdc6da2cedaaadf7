/*
 * isa_register.c - the registration of the dispatched kernel families (the hot ones: the
 * elementwise arithmetic, comparisons and math, casts, reductions, arg-reductions, sorting,
 * random numbers, FFTs).
 *
 * Compiled once per ISA variant with the others of PC_ISA_FAMILIES (CMakeLists.txt); each copy
 * registers its own variant's kernels (isa_rename.h gives the copies their names).
 */
#include "register.h"

void pc_cpu_register_dispatched(void)
{
    pc_cpu_register_casts();
    pc_cpu_register_arithmetic();
    pc_cpu_register_compare();
    pc_cpu_register_transcendental();
    pc_cpu_register_reduce();
    pc_cpu_register_argreduce();
    pc_cpu_register_sort();
    pc_cpu_register_random();
    pc_cpu_register_fft();
}
