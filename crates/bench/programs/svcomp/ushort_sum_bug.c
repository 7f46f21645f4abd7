// ushort_sum_bug: 16-bit and 32-bit accumulators over input-many nondet values.
// Twin of ushort_sum_ok with a bug: compares without truncation; expected verdict false.
// witness: 2,65535,1
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
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 100);
  unsigned short acc16 = 0;
  unsigned acc32 = 0;
  for (int i = 0; i < n; i++) {
    unsigned short v = __VERIFIER_nondet_ushort();
    acc16 += v;
    acc32 += v;
  }
  __VERIFIER_assert(acc16 == acc32);
  return 0;
}
