// rec_array_sum_bug: recursive sum over an input-sized array.
// Twin of rec_array_sum_ok with a bug: recursion stops one element early; expected verdict false.
// witness: 1
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
int a[100];
int rsum(int i, int n) {
  if (i >= n - 1) {
    return 0;
  }
  return a[i] + rsum(i + 1, n);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 100);
  for (int i = 0; i < n; i++) {
    a[i] = 1;
  }
  __VERIFIER_assert(rsum(0, n) == n);
  return 0;
}
