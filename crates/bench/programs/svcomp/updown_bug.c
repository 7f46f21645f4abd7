// updown_bug: one counter up, one down over an unbounded unsigned input.
// Twin of updown_ok with a bug: loop stops one early; expected verdict false.
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
  unsigned x = 0, y = n;
  while (x + 1 < n) {
    x++;
    y--;
  }
  __VERIFIER_assert(y == 0);
  return 0;
}
