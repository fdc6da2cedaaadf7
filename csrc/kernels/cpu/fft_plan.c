/*
 * fft_plan.c - building FFT plans and caching them: factorisation, the choice between
 * Stockham passes, the six-step split and Bluestein, and every precomputed table.
 *
 * What is not here: executing a plan (fft_*_impl.h through fft.c).
 *
 * Invariants: every table is computed in double precision from angles reduced exactly with
 * integer arithmetic, then rounded once to the plan's precision; a plan never changes after
 * fft_plan_get() returns it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/fork_lock.h"
#include "fft_plan.h"

void *fft_alloc(int64_t nbytes)
{
    void *p = NULL;
    if (nbytes < 0 || posix_memalign(&p, 64, nbytes > 0 ? (size_t)nbytes : 1) != 0) {
        pc_error_set(PC_ERR_MEMORY, "cannot allocate %lld bytes of FFT workspace",
                     (long long)nbytes);
        return NULL;
    }
    return p;
}

void fft_free(void *p) { free(p); }

/* written once by pc_cpu_register_fft (under pc_init's once-guard), read-only afterwards */
static fft_line_exec line_exec;

void fft_plan_set_line_exec(fft_line_exec exec) { line_exec = exec; }

/* [Why octants] sin and cos of 2 pi m / n computed as sin(2 * M_PI * m / n) lose accuracy for
 * angles far from 0, where the rounding of the angle is large in absolute terms. Reducing
 * 8m/n to the first octant with integers keeps the argument below pi/4, where libm's result is
 * within an ulp, and the symmetries of sin and cos are exact. */
void fft_unit_root(int64_t m, int64_t n, double *c, double *s)
{
    m %= n;
    if (m < 0) {
        m += n;
    }
    /* 8m < 8n: n below 2^59 keeps this exact */
    const int64_t q = 8 * m;
    const int64_t o = q / n;
    const int64_t t = (o & 1) ? (o + 1) * n - q : q - o * n;
    const double th = (M_PI_4 * (double)t) / (double)n;
    const double a = cos(th);
    const double b = sin(th);
    switch (o) {
    case 0: *c = a; *s = b; break;
    case 1: *c = b; *s = a; break;
    case 2: *c = -b; *s = a; break;
    case 3: *c = -a; *s = b; break;
    case 4: *c = -a; *s = -b; break;
    case 5: *c = -b; *s = -a; break;
    case 6: *c = b; *s = -a; break;
    default: *c = a; *s = -b; break;
    }
}

/* Store the complex value (re, im) at index i of an interleaved array of `prec`. */
static void store_c(void *arr, int64_t i, double re, double im, fft_prec prec)
{
    if (prec == FFT_F64) {
        ((double *)arr)[2 * i] = re;
        ((double *)arr)[2 * i + 1] = im;
    } else {
        ((float *)arr)[2 * i] = (float)re;
        ((float *)arr)[2 * i + 1] = (float)im;
    }
}

/* exp(-2 pi i m / n) at index i */
static void store_root(void *arr, int64_t i, int64_t m, int64_t n, fft_prec prec)
{
    double c;
    double s;
    fft_unit_root(m, n, &c, &s);
    store_c(arr, i, c, -s, prec);
}

static int64_t csize(fft_prec prec) { return prec == FFT_F64 ? 16 : 8; }

/* ---- factorisation and costs --------------------------------------------------------------- */

static int64_t largest_prime_factor(int64_t n)
{
    int64_t res = 1;
    while (n % 2 == 0) {
        res = 2;
        n /= 2;
    }
    for (int64_t x = 3; x * x <= n; x += 2) {
        while (n % x == 0) {
            res = x;
            n /= x;
        }
    }
    return n > 1 ? n : res;
}

/* pocketfft's estimate of the work of a mixed-radix transform: n times the sum of the radices,
 * with a penalty for the generic (non hard-coded) ones. */
static double cost_guess(int64_t n)
{
    const double lfp = 1.1;
    const double ni = (double)n;
    double result = 0.0;
    while (n % 2 == 0) {
        result += 2.0;
        n /= 2;
    }
    for (int64_t x = 3; x * x <= n; x += 2) {
        while (n % x == 0) {
            result += x <= 7 ? (double)x : lfp * (double)x;
            n /= x;
        }
    }
    if (n > 1) {
        result += n <= 7 ? (double)n : lfp * (double)n;
    }
    return result * ni;
}

/* The smallest 2^a 3^b 5^c 7^d >= n. */
static int64_t good_size(int64_t n)
{
    if (n <= 8) {
        return n;
    }
    int64_t best = INT64_MAX;
    for (int64_t f7 = 1; f7 < best; f7 *= 7) {
        for (int64_t f5 = f7; f5 < best; f5 *= 5) {
            for (int64_t f3 = f5; f3 < best; f3 *= 3) {
                int64_t x = f3;
                while (x < n) {
                    x *= 2;
                }
                if (x < best) {
                    best = x;
                }
                if (f3 > n) {
                    break;
                }
            }
            if (f5 > n) {
                break;
            }
        }
        if (f7 > n) {
            break;
        }
    }
    return best;
}

/* [Why Bluestein only past a cost threshold] A prime radix p costs O(p) per element, Bluestein
 * two transforms of a smooth length >= 2n-1 plus three passes. pocketfft's rule (with its
 * fudge factor of 1.5) picks the cheaper one; short lengths always take the radix passes. */
static bool wants_bluestein(int64_t n)
{
    if (n < 50) {
        return false;
    }
    const int64_t lpf = largest_prime_factor(n);
    if (lpf * lpf <= n) {
        return false;
    }
    return 1.5 * 2.0 * cost_guess(good_size(2 * n - 1)) < cost_guess(n);
}

/* Radices of n in execution order: 8s (with 4*4 instead of 8*2 and one 4 for a leftover 4),
 * then 3, 5, 7 and the remaining primes ascending. Returns the count. */
static int factorize(int64_t n, int64_t *fct)
{
    int nf = 0;
    int twos = 0;
    while (n % 2 == 0) {
        twos++;
        n /= 2;
    }
    int eights = twos / 3;
    const int rest = twos % 3;
    if (rest == 1 && eights > 0) {
        eights--;
        fct[nf++] = 4;
        fct[nf++] = 4;
    } else if (rest == 1) {
        fct[nf++] = 2;
    } else if (rest == 2) {
        fct[nf++] = 4;
    }
    for (int i = 0; i < eights; i++) {
        fct[nf++] = 8;
    }
    for (int64_t x = 3; x * x <= n; x += 2) {
        while (n % x == 0) {
            fct[nf++] = x;
            n /= x;
        }
    }
    if (n > 1) {
        fct[nf++] = n;
    }
    return nf;
}

static bool is_hardcoded(int64_t p) { return p == 2 || p == 3 || p == 4 || p == 5 || p == 7 || p == 8; }

/* ---- building ------------------------------------------------------------------------------ */

static pc_status build_stockham(fft_plan *p)
{
    const int64_t n = p->n;
    p->nfct = factorize(n, p->fct);
    int64_t total = 0;
    int64_t l1 = 1;
    p->maxgen = 0;
    for (int k = 0; k < p->nfct; k++) {
        const int64_t ip = p->fct[k];
        const int64_t ido = n / (l1 * ip);
        p->twoff[k] = total;
        total += (ip - 1) * ido;
        p->rootoff[k] = -1;
        if (!is_hardcoded(ip)) {
            p->rootoff[k] = total;
            total += ip;
            if (ip > p->maxgen) {
                p->maxgen = ip;
            }
        }
        l1 *= ip;
    }
    p->tw = fft_alloc((total > 0 ? total : 1) * csize(p->prec));
    if (p->tw == NULL) {
        return PC_ERR_MEMORY;
    }
    l1 = 1;
    for (int k = 0; k < p->nfct; k++) {
        const int64_t ip = p->fct[k];
        const int64_t ido = n / (l1 * ip);
        for (int64_t j = 1; j < ip; j++) {
            for (int64_t i = 0; i < ido; i++) {
                store_root(p->tw, p->twoff[k] + (j - 1) * ido + i, j * l1 * i, n, p->prec);
            }
        }
        if (p->rootoff[k] >= 0) {
            for (int64_t j = 0; j < ip; j++) {
                store_root(p->tw, p->rootoff[k] + j, j, ip, p->prec);
            }
        }
        l1 *= ip;
    }
    return PC_OK;
}

static pc_status build_sixstep(fft_plan *p, int64_t n1)
{
    const int64_t n = p->n;
    const int64_t lanes = FFT_LANES(p->prec);
    p->n1 = n1;
    p->n2 = n / n1;
    p->sub1 = fft_plan_get(p->n1, p->prec, false);
    p->sub2 = p->sub1 != NULL ? fft_plan_get(p->n2, p->prec, false) : NULL;
    if (p->sub2 == NULL) {
        return PC_ERR_MEMORY;
    }
    int bits = 0;
    while ((INT64_C(1) << bits) < n) {
        bits++;
    }
    p->lobits = (bits + 1) / 2;
    const int64_t nlo = INT64_C(1) << p->lobits;
    const int64_t nhi = ((n - 1) >> p->lobits) + 1;
    p->tlo = fft_alloc(nlo * csize(p->prec));
    p->thi = fft_alloc(nhi * csize(p->prec));
    p->tlane = fft_alloc(p->n1 * lanes * csize(p->prec));
    if (p->tlo == NULL || p->thi == NULL || p->tlane == NULL) {
        return PC_ERR_MEMORY;
    }
    for (int64_t i = 0; i < nlo; i++) {
        store_root(p->tlo, i, i, n, p->prec);
    }
    for (int64_t i = 0; i < nhi; i++) {
        store_root(p->thi, i, i << p->lobits, n, p->prec);
    }
    /* lane vectors in split layout: entry k1 holds `lanes` real parts, then `lanes` imaginary
     * parts */
    for (int64_t k1 = 0; k1 < p->n1; k1++) {
        for (int64_t l = 0; l < lanes; l++) {
            double c;
            double s;
            fft_unit_root(k1 * l, n, &c, &s);
            const int64_t re = k1 * 2 * lanes + l;
            if (p->prec == FFT_F64) {
                ((double *)p->tlane)[re] = c;
                ((double *)p->tlane)[re + lanes] = -s;
            } else {
                ((float *)p->tlane)[re] = (float)c;
                ((float *)p->tlane)[re + lanes] = (float)-s;
            }
        }
    }
    return PC_OK;
}

static pc_status build_bluestein(fft_plan *p)
{
    const int64_t n = p->n;
    const int64_t m = good_size(2 * n - 1);
    p->m = m;
    p->sub_m = fft_plan_get(m, p->prec, false);
    if (p->sub_m == NULL) {
        return PC_ERR_MEMORY;
    }
    p->chirp = fft_alloc(n * csize(p->prec));
    p->bk = fft_alloc(m * csize(p->prec));
    double *b = fft_alloc(m * 16);
    if (p->chirp == NULL || p->bk == NULL || b == NULL) {
        fft_free(b);
        return PC_ERR_MEMORY;
    }
    memset(b, 0, (size_t)m * 16);
    /* k^2 mod 2n, stepped exactly: (k+1)^2 = k^2 + 2k + 1 */
    int64_t r = 0;
    for (int64_t k = 0; k < n; k++) {
        double c;
        double s;
        fft_unit_root(r, 2 * n, &c, &s);
        store_c(p->chirp, k, c, -s, p->prec);
        b[2 * k] = c;
        b[2 * k + 1] = s;
        if (k > 0) {
            b[2 * (m - k)] = c;
            b[2 * (m - k) + 1] = s;
        }
        r += 2 * k + 1;
        r %= 2 * n;
    }
    /* the kernel's spectrum is always computed in double precision */
    fft_plan *pd = p->prec == FFT_F64 ? p->sub_m : fft_plan_get(m, FFT_F64, false);
    pc_status st = pd != NULL ? line_exec(pd, b) : PC_ERR_MEMORY;
    if (pd != p->sub_m) {
        fft_plan_release(pd);
    }
    if (st == PC_OK) {
        const double inv = 1.0 / (double)m;
        for (int64_t k = 0; k < m; k++) {
            store_c(p->bk, k, b[2 * k] * inv, b[2 * k + 1] * inv, p->prec);
        }
    }
    fft_free(b);
    return st;
}

static pc_status build_complex(fft_plan *p)
{
    const int64_t n = p->n;
    p->nfct = -1;
    if (wants_bluestein(n)) {
        return build_bluestein(p);
    }
    int64_t n1 = 1;
    for (int64_t d = 2; d * d <= n; d++) {
        if (n % d == 0) {
            n1 = d;
        }
    }
    const bool six = n >= FFT_SIXSTEP_MIN && n1 > 1;
    if (n <= FFT_DIRECT_MAX || !six) {
        pc_status st = build_stockham(p);
        if (st != PC_OK) {
            return st;
        }
    }
    return six ? build_sixstep(p, n1) : PC_OK;
}

static pc_status build_real(fft_plan *p)
{
    const int64_t n = p->n;
    if (n % 2 != 0) {
        p->half = fft_plan_get(n, p->prec, false);
        return p->half != NULL ? PC_OK : PC_ERR_MEMORY;
    }
    p->half = fft_plan_get(n / 2, p->prec, false);
    const int64_t nt = n / 4 + 1;
    p->rtw = fft_alloc(nt * csize(p->prec));
    if (p->half == NULL || p->rtw == NULL) {
        return PC_ERR_MEMORY;
    }
    for (int64_t k = 0; k < nt; k++) {
        store_root(p->rtw, k, k, n, p->prec);
    }
    return PC_OK;
}

static void plan_destroy(fft_plan *p)
{
    fft_plan_release(p->sub1);
    fft_plan_release(p->sub2);
    fft_plan_release(p->sub_m);
    fft_plan_release(p->half);
    fft_free(p->tw);
    fft_free(p->tlo);
    fft_free(p->thi);
    fft_free(p->tlane);
    fft_free(p->chirp);
    fft_free(p->bk);
    fft_free(p->rtw);
    free(p);
}

static fft_plan *plan_build(int64_t n, fft_prec prec, bool real)
{
    fft_plan *p = calloc(1, sizeof *p);
    if (p == NULL) {
        pc_error_set(PC_ERR_MEMORY, "cannot allocate an FFT plan");
        return NULL;
    }
    p->refcount = 1;
    p->n = n;
    p->prec = prec;
    p->real = real;
    p->nfct = -1;
    const pc_status st = real ? build_real(p) : build_complex(p);
    if (st != PC_OK) {
        plan_destroy(p);
        return NULL;
    }
    return p;
}

bool fft_plan_use_direct(const fft_plan *p, int64_t count)
{
    if (p->nfct < 0) {
        return false;
    }
    if (p->sub1 == NULL) {
        return true;
    }
    return count >= FFT_LANES(p->prec) / 2;
}

/* ---- the cache ----------------------------------------------------------------------------- */

/* [Why a small LRU array] Programs use a handful of lengths; a linear scan of a few dozen
 * entries under one mutex costs nanoseconds next to any transform, and eviction only drops the
 * cache's reference, so plans in use elsewhere stay valid. */
#define FFT_CACHE_SIZE 32

typedef struct cache_entry {
    fft_plan *plan;
    uint64_t stamp;
} cache_entry;

static pc_fork_lock cache_lock = PC_FORK_LOCK_INIT(NULL);
static cache_entry cache[FFT_CACHE_SIZE];
static uint64_t cache_clock;

static fft_plan *cache_find(int64_t n, fft_prec prec, bool real)
{
    for (int i = 0; i < FFT_CACHE_SIZE; i++) {
        fft_plan *p = cache[i].plan;
        if (p != NULL && p->n == n && p->prec == prec && p->real == real) {
            cache[i].stamp = ++cache_clock;
            __atomic_add_fetch(&p->refcount, 1, __ATOMIC_RELAXED);
            return p;
        }
    }
    return NULL;
}

fft_plan *fft_plan_get(int64_t n, fft_prec prec, bool real)
{
    pc_fork_lock_acquire(&cache_lock);
    fft_plan *p = cache_find(n, prec, real);
    pc_fork_lock_release(&cache_lock);
    if (p != NULL) {
        return p;
    }
    /* built outside the lock: building takes sub-plans from the cache */
    fft_plan *fresh = plan_build(n, prec, real);
    if (fresh == NULL) {
        return NULL;
    }
    fft_plan *evicted = NULL;
    pc_fork_lock_acquire(&cache_lock);
    p = cache_find(n, prec, real);
    if (p == NULL) {
        int victim = 0;
        for (int i = 0; i < FFT_CACHE_SIZE; i++) {
            if (cache[i].plan == NULL) {
                victim = i;
                break;
            }
            if (cache[i].stamp < cache[victim].stamp) {
                victim = i;
            }
        }
        evicted = cache[victim].plan;
        cache[victim].plan = fresh;
        cache[victim].stamp = ++cache_clock;
        __atomic_add_fetch(&fresh->refcount, 1, __ATOMIC_RELAXED);
        p = fresh;
        fresh = NULL;
    }
    pc_fork_lock_release(&cache_lock);
    fft_plan_release(evicted);
    fft_plan_release(fresh);
    return p;
}

void fft_plan_release(fft_plan *p)
{
    if (p != NULL && __atomic_sub_fetch(&p->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
        plan_destroy(p);
    }
}
