// uchar_loop_var_bug: 8-bit loop variable against an 8-bit input bound.
// Twin of uchar_loop_var_ok with a bug: wrong constant: fails at n = 255; expected verdict false.
// witness: 255
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
  unsigned char n = __VERIFIER_nondet_uchar();
  int cnt = 0;
  for (unsigned char i = 0; i < n; i++) {
    cnt++;
  }
  __VERIFIER_assert(cnt == n && cnt < 255);
  return 0;
}
