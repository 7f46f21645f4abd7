// prefix_sum_array_ok: prefix sums p[i] = p[i-1] + i over 1000 elements.
// Expected verdict true (the twin prefix_sum_array_bug has a bug).
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
int p[1000];
int main(void) {
  p[0] = 0;
  for (int i = 1; i < 1000; i++) {
    p[i] = p[i - 1] + i;
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 1000);
  __VERIFIER_assert(2 * p[k] == k * (k + 1));
  return 0;
}
