// uchar_count_bug: 8-bit counter over an input-bounded loop (wraps at 256).
// Twin of uchar_count_ok with a bug: compares without truncation (promotion to int); expected verdict false.
// witness: 256
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
  assume_abort_if_not(0 <= n && n < 1000);
  unsigned char c = 0;
  for (int i = 0; i < n; i++) {
    c++;
  }
  __VERIFIER_assert(c == n);
  return 0;
}
