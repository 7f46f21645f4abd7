// uchar_steps_ok: 8-bit counter stepping by 3 until it wraps to 0 (at most 255 steps).
// Expected verdict true (the twin uchar_steps_bug has a bug).
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
  __VERIFIER_assert(steps < 256);
  return 0;
}
