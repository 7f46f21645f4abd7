// gauss_unbounded_ok: Gauss sum over an unbounded unsigned input, exact modulo 2^32.
// Expected verdict true (the twin gauss_unbounded_bug has a bug).
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
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += i;
  }
  __VERIFIER_assert(2 * s == n * (n + 1));
  return 0;
}
