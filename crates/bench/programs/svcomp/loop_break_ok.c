// loop_break_ok: bounded loop left by break at an input position.
// Expected verdict true (the twin loop_break_bug has a bug).
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
  for (i = 0; i < 1000; i++) {
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
