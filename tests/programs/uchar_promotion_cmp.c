// expect: true
// unsigned char is promoted to int in + and ~, so uc+1 is never 0 and ~uc is negative
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char uc = __VERIFIER_nondet_uchar();
  if (uc + 1 == 0) reach_error();
  if ((unsigned char)(uc + 1) == 0 && uc != 255) reach_error();
  unsigned char inv = ~uc;
  if ((int)inv + uc != 255) reach_error();
  if (~uc >= 0) reach_error();
  if (uc > 255) reach_error();
  return 0;
}
