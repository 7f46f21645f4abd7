// array_guard_in_loop_ok: array index guard asserted in the loop body, input size.
// Expected verdict true (the twin array_guard_in_loop_bug has a bug).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 100
int a[N];
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= N);
  for (int i = 0; i < n; i++) {
    __VERIFIER_assert(i < N);
    a[i] = i;
  }
  int k = __VERIFIER_nondet_int();
  if (0 <= k && k < n) {
    __VERIFIER_assert(a[k] == k);
  }
  return 0;
}
