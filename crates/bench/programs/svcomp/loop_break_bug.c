// loop_break_bug: bounded loop left by break at an input position.
// Twin of loop_break_ok with a bug: loop starts at 1; expected verdict false.
// witness: 0
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
  int i;
  for (i = 1; i < 1000; i++) {
    if (i == a) {
      break;
    }
  }
  if (0 <= a && a < 1000) {
    __VERIFIER_assert(i == a);
  } else {
    __VERIFIER_assert(i == 1000);
  }
  return 0;
}
