// uchar_checksum_ok: 1000 concrete 8-bit additions, then an input completing the checksum.
// Expected verdict true (the twin uchar_checksum_bug has a bug).
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
  unsigned char x = 0;
  for (int i = 0; i < 1000; i++) {
    x += 7;
  }
  unsigned char y = __VERIFIER_nondet_uchar();
  if ((unsigned char)(x + y) == 0) {
    __VERIFIER_assert(y == 168);
  }
  return 0;
}
