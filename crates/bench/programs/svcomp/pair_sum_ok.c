// pair_sum_ok: two arrays of 1000 whose pairwise sums are constant.
// Expected verdict true (the twin pair_sum_bug has a bug).
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
int a[1000], b[1000];
int main(void) {
  for (int i = 0; i < 1000; i++) {
    a[i] = 2 * i;
  }
  for (int j = 0; j < 1000; j++) {
    b[j] = 2000 - a[j];
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 1000);
  __VERIFIER_assert(a[k] + b[k] == 2000);
  return 0;
}
