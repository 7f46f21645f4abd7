// expect: false
// Twin of short_assert_loop_true.c whose assertion fails when an element
// before the last is the maximum (a run by classic steps finds it).
extern void reach_error(void);
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
#define N 5
int a[N];
int main(void) {
  for (int k = 0; k < N; k++) a[k] = __VERIFIER_nondet_int();
  int m = a[0];
  for (int k = 1; k < N; k++)
    if (a[k] > m) m = a[k];
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] < m || i == N - 1);
  return 0;
}
