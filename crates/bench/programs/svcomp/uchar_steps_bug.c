// uchar_steps_bug: 8-bit counter stepping by 3 until it wraps to 0 (at most 255 steps).
// Twin of uchar_steps_ok with a bug: wrong constant: c = 3 takes 255 steps; expected verdict false.
// witness: 3
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
  unsigned char c = __VERIFIER_nondet_uchar();
  int steps = 0;
  while (c != 0) {
    c += 3;
    steps++;
  }
  __VERIFIER_assert(steps < 255);
  return 0;
}
