// ushort_step_bug: 16-bit accumulator stepping by 1000 (wraps at 65536).
// Twin of ushort_step_ok with a bug: compares without truncation; expected verdict false.
// witness: 66
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
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 100);
  int k0 = k;
  unsigned short u = 0;
  while (k > 0) {
    u += 1000;
    k--;
  }
  __VERIFIER_assert(u == 1000 * k0);
  return 0;
}
