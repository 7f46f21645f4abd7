// rec_mult_bug: recursive multiplication over two bounded inputs.
// Twin of rec_mult_ok with a bug: wrong base case; expected verdict false.
// witness: 1,0
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
int mult(int a, int b) {
  if (b == 0) {
    return a;
  }
  return a + mult(a, b - 1);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= a && a <= 100 && 0 <= b && b <= 100);
  __VERIFIER_assert(mult(a, b) == a * b);
  return 0;
}
