// schar_wrap_bug: signed char stepping by 10 until the conversion wraps negative.
// Twin of schar_wrap_ok with a bug: wrong constant: c = 1 takes 13 steps; expected verdict false.
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
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  assume_abort_if_not(c > 0);
  int steps = 0;
  while (c > 0) {
    c = (signed char)(c + 10);
    steps++;
  }
  __VERIFIER_assert(steps < 13);
  return 0;
}
