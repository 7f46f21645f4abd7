// prefix_lcg_bug: 10^6 concrete LCG steps (nonlinear, wraps), then an input compared.
// Twin of prefix_lcg_ok with a bug: one step fewer: the state is even; expected verdict false.
// witness: 4020423848
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
  unsigned h = 1;
  for (unsigned i = 0; i < 999999; i++) {
    h = h * 1103515245u + 12345u;
  }
  unsigned x = __VERIFIER_nondet_uint();
  if (x == h) {
    __VERIFIER_assert((x & 1u) == 1u);
  }
  return 0;
}
