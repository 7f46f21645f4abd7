// expect: true
// truncating int to signed/unsigned char keeps the low 8 bits; bit 7 becomes the sign
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  signed char s = (signed char)x;
  unsigned char u = (unsigned char)x;
  if ((s < 0) != ((x & 0x80) != 0)) reach_error();
  if ((unsigned char)s != u) reach_error();
  if (u != (x & 0xff)) reach_error();
  if (x >= -128 && x <= 127 && s != x) reach_error();
  if (s < -128 || s > 127) reach_error();
  return 0;
}
