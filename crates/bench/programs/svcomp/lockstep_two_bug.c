// lockstep_two_bug: two counters in lockstep over an unbounded unsigned input: y == 2*x.
// Twin of lockstep_two_ok with a bug: extra increment at x = 1000; expected verdict false.
// witness: 1000
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
    if (x == 1000) {
      y++;
    }
  }
  __VERIFIER_assert(y == 2 * x);
  return 0;
}
