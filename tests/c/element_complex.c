/*
 * element_complex.c - runs the element layer's portable complex functions
 * (csrc/kernels/common/complex_math.h) compiled as C, for tests/test_element_layer.py.
 *
 * usage: element_complex DIR. Reads DIR/in_d.bin (pairs of double), DIR/in_f.bin (pairs of
 * float), DIR/pow_d.bin and DIR/pow_f.bin (z and w, two pairs each); writes DIR/out_NAME_d.bin
 * and DIR/out_NAME_f.bin, one result pair per input, for every unary function, and
 * DIR/out_pow_d.bin, DIR/out_pow_f.bin.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kernels/common/complex_math.h"

#define UNARY(X)                                                                                \
    X(exp) X(log) X(sqrt) X(sin) X(cos) X(tan) X(sinh) X(cosh) X(tanh) X(asin) X(acos) X(atan) \
    X(asinh) X(acosh) X(atanh)

static void *read_all(const char *dir, const char *name, size_t *bytes)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    *bytes = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc(*bytes ? *bytes : 1);
    if (!p || fread(p, 1, *bytes, f) != *bytes) {
        perror(path);
        exit(1);
    }
    fclose(f);
    return p;
}

static void write_all(const char *dir, const char *name, const void *p, size_t bytes)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, bytes, f) != bytes) {
        perror(path);
        exit(1);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    size_t bd, bf, bpd, bpf;
    pc_cmd *zd = read_all(dir, "in_d.bin", &bd);
    pc_cmf *zf = read_all(dir, "in_f.bin", &bf);
    pc_cmd *pd = read_all(dir, "pow_d.bin", &bpd);
    pc_cmf *pf = read_all(dir, "pow_f.bin", &bpf);
    const size_t nd = bd / sizeof *zd, nf = bf / sizeof *zf;
    const size_t npd = bpd / (2 * sizeof *pd), npf = bpf / (2 * sizeof *pf);
    pc_cmd *od = malloc((nd + npd + 1) * sizeof *od);
    pc_cmf *of = malloc((nf + npf + 1) * sizeof *of);
    if (!od || !of) {
        return 1;
    }
#define RUN(name)                                                                               \
    for (size_t i = 0; i < nd; i++) {                                                           \
        od[i] = pc_cm_##name(zd[i]);                                                            \
    }                                                                                           \
    for (size_t i = 0; i < nf; i++) {                                                           \
        of[i] = pc_cm_##name##f(zf[i]);                                                         \
    }                                                                                           \
    write_all(dir, "out_" #name "_d.bin", od, nd * sizeof *od);                                 \
    write_all(dir, "out_" #name "_f.bin", of, nf * sizeof *of);
    UNARY(RUN)
#undef RUN
    for (size_t i = 0; i < npd; i++) {
        od[i] = pc_cm_pow(pd[2 * i], pd[2 * i + 1]);
    }
    for (size_t i = 0; i < npf; i++) {
        of[i] = pc_cm_powf(pf[2 * i], pf[2 * i + 1]);
    }
    write_all(dir, "out_pow_d.bin", od, npd * sizeof *od);
    write_all(dir, "out_pow_f.bin", of, npf * sizeof *of);
    free(od);
    free(of);
    free(zd);
    free(zf);
    free(pd);
    free(pf);
    return 0;
}
