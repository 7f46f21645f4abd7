// gr2006_ok: Gulavani-Rajamani style loop x = -50; while (x < 0) { x += y; y++; }.
// Expected verdict true (the twin gr2006_bug has a bug).
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
  __VERIFIER_assert(y > 0);
  return 0;
}
