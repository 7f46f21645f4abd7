// expect: true
// A loop of constant trip count (5) whose only other exit is the failure
// branch of __VERIFIER_assert, over an array of inputs: compact mode runs
// it by classic steps (quantifier-free queries) instead of its template.
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
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] <= m);
  return 0;
}
