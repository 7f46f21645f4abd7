// gr2006_bug: Gulavani-Rajamani style loop x = -50; while (x < 0) { x += y; y++; }.
// Twin of gr2006_ok with a bug: wrong constant in the final check (y ends at 11 for y in -2..3); expected verdict false.
// witness: -2
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
  int y = __VERIFIER_nondet_int();
  assume_abort_if_not(-1000 <= y && y <= 1000);
  int x = -50;
  while (x < 0) {
    x = x + y;
    y++;
  }
  __VERIFIER_assert(y > 11);
  return 0;
}
