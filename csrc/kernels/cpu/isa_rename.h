/*
 * isa_rename.h - the external names of one per-ISA copy of the dispatched kernel families.
 *
 * The families of PC_ISA_FAMILIES (CMakeLists.txt) are compiled once more for each x86-64
 * level above the baseline, through generated units that define PC_ISA_SUFFIX (_avx2,
 * _avx512), include this header and then the family's .c file. Every symbol those files
 * export gets the suffix, so the copies link side by side with the baseline one, which keeps
 * the plain names; register.c calls the registration of the variant cpu_isa.c chose.
 *
 * A new non-static function in a dispatched file needs its line here (the link fails with a
 * duplicate symbol otherwise).
 */
#ifndef PADDLE_C_KERNELS_CPU_ISA_RENAME_H
#define PADDLE_C_KERNELS_CPU_ISA_RENAME_H

#ifndef PC_ISA_SUFFIX
#error "isa_rename.h is included by the generated per-ISA units, which define PC_ISA_SUFFIX"
#endif

#define PC_ISA_CAT_(a, b) a##b
#define PC_ISA_CAT(a, b) PC_ISA_CAT_(a, b)
#define PC_ISA_RENAME(sym) PC_ISA_CAT(sym, PC_ISA_SUFFIX)

#define pc_cpu_register_dispatched PC_ISA_RENAME(pc_cpu_register_dispatched)
#define pc_cpu_register_arithmetic PC_ISA_RENAME(pc_cpu_register_arithmetic)
#define pc_cpu_register_casts PC_ISA_RENAME(pc_cpu_register_casts)
#define pc_cpu_register_compare PC_ISA_RENAME(pc_cpu_register_compare)
#define pc_cpu_register_transcendental PC_ISA_RENAME(pc_cpu_register_transcendental)
#define pc_cpu_register_reduce PC_ISA_RENAME(pc_cpu_register_reduce)
#define pc_cpu_reduce_run PC_ISA_RENAME(pc_cpu_reduce_run)
#define pc_cpu_register_argreduce PC_ISA_RENAME(pc_cpu_register_argreduce)
#define pc_cpu_register_sort PC_ISA_RENAME(pc_cpu_register_sort)
#define pc_cpu_register_random PC_ISA_RENAME(pc_cpu_register_random)
#define pc_simd_sort_i32 PC_ISA_RENAME(pc_simd_sort_i32)
#define pc_simd_sort_i64 PC_ISA_RENAME(pc_simd_sort_i64)
#define pc_cpu_register_fft PC_ISA_RENAME(pc_cpu_register_fft)
#define fft_alloc PC_ISA_RENAME(fft_alloc)
#define fft_free PC_ISA_RENAME(fft_free)
#define fft_plan_get PC_ISA_RENAME(fft_plan_get)
#define fft_plan_release PC_ISA_RENAME(fft_plan_release)
#define fft_plan_set_line_exec PC_ISA_RENAME(fft_plan_set_line_exec)
#define fft_plan_use_direct PC_ISA_RENAME(fft_plan_use_direct)
#define fft_unit_root PC_ISA_RENAME(fft_unit_root)

#endif
