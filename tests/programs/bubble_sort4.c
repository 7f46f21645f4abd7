// expect: true
// bubble sort of four unconstrained ints yields a sorted permutation
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bubble_sort4.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

#define N 4
int main(void) {
  int a[N], orig[N];
  for (int i = 0; i < N; i++) orig[i] = a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N - 1; i++)
    for (int j = 0; j < N - 1 - i; j++)
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
  for (int i = 0; i < N - 1; i++) __VERIFIER_assert(a[i] <= a[i + 1]);
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[0] <= orig[i] && orig[i] <= a[N - 1]);
  /* every original element still occurs in the result */
  for (int i = 0; i < N; i++) {
    int found = 0;
    for (int j = 0; j < N; j++) found |= (a[j] == orig[i]);
    __VERIFIER_assert(found);
  }
  return 0;
}
