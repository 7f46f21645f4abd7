// lockstep_two_ok: two counters in lockstep over an unbounded unsigned input: y == 2*x.
// Expected verdict true (the twin lockstep_two_bug has a bug).
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
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 0;
  while (x < n) {
    x++;
    y += 2;
  }
  __VERIFIER_assert(y == 2 * x);
  return 0;
}
