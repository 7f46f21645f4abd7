// arr_even_zero_ok: array of 1000: a[2*i] = 0 over half the indices, parity check.
// Expected verdict true (the twin arr_even_zero_bug has a bug).
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
int a[1000];
int main(void) {
  for (int i = 0; i < 1000; i++) {
    a[i] = 1;
  }
  for (int i = 0; i < 500; i++) {
    a[2 * i] = 0;
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 1000);
  if (k % 2 == 0) {
    __VERIFIER_assert(a[k] == 0);
  } else {
    __VERIFIER_assert(a[k] == 1);
  }
  return 0;
}
