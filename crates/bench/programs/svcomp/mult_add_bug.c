// mult_add_bug: multiplication by repeated addition over two bounded inputs.
// Twin of mult_add_ok with a bug: loop starts at 1: one addition missing; expected verdict false.
// witness: 1x2
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
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= a && a <= 1000);
  assume_abort_if_not(0 <= b && b <= 1000);
  int r = 0;
  for (int i = 1; i < b; i++) {
    r += a;
  }
  __VERIFIER_assert(r == a * b);
  return 0;
}
