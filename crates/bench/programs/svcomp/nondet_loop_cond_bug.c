// nondet_loop_cond_bug: loop on a nondet condition, up to 100000 iterations.
// Twin of nondet_loop_cond_ok with a bug: wrong constant: fails after 100000 true choices; expected verdict false.
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
  int x = 0, y = 0;
  while (__VERIFIER_nondet_bool() && x < 100000) {
    x++;
    y++;
  }
  __VERIFIER_assert(x == y && x < 100000);
  return 0;
}
