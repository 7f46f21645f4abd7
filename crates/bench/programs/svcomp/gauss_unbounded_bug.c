// gauss_unbounded_bug: Gauss sum over an unbounded unsigned input, exact modulo 2^32.
// Twin of gauss_unbounded_ok with a bug: adds before incrementing (sum 0..n-1); expected verdict false.
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
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    s += i;
    i++;
  }
  __VERIFIER_assert(2 * s == n * (n + 1));
  return 0;
}
