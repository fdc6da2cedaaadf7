/*
 * register.h - the registration functions of the CPU kernel families (one per file).
 */
#ifndef PADDLE_C_KERNELS_CPU_REGISTER_H
#define PADDLE_C_KERNELS_CPU_REGISTER_H

/* the families compiled per ISA variant (isa_register.c); register.c calls the variant's */
void pc_cpu_register_dispatched(void);
#if PC_ISA_DISPATCH && !defined(PC_ISA_SUFFIX)
void pc_cpu_register_dispatched_avx2(void);
void pc_cpu_register_dispatched_avx512(void);
#endif

void pc_cpu_register_casts(void);
void pc_cpu_register_copy(void);
void pc_cpu_register_range(void);
void pc_cpu_register_random(void);
void pc_cpu_register_arithmetic(void);
void pc_cpu_register_compare(void);
void pc_cpu_register_bitwise(void);
void pc_cpu_register_transcendental(void);
void pc_cpu_register_complex(void);
void pc_cpu_register_matmul(void);
void pc_cpu_register_vecops(void);
void pc_cpu_register_lapack(void);
void pc_cpu_register_index(void);
void pc_cpu_register_index_offsets(void);
void pc_cpu_register_mask_positions(void);
void pc_cpu_register_fft(void);
void pc_cpu_register_reduce(void);
void pc_cpu_register_argreduce(void);
void pc_cpu_register_scan(void);
void pc_cpu_register_diff(void);
void pc_cpu_register_sort(void);
void pc_cpu_register_median(void);

#endif
