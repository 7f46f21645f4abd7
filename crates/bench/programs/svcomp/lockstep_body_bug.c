// lockstep_body_bug: two counters in lockstep, assert inside the loop body.
// Twin of lockstep_body_ok with a bug: off-by-one assumption: fails after 50000 iterations; expected verdict false.
// witness: 50000
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
  assume_abort_if_not(0 <= n && n <= 50000);
  int x = 0, y = 0;
  while (x < n) {
    x++;
    y += 2;
    __VERIFIER_assert(y == 2 * x && y < 100000);
  }
  return 0;
}
