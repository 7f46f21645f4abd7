// expect: true
// bitwise identities and two population-count algorithms agree
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if ((x & ~x) != 0) reach_error();
  if ((x | ~x) != 0xffffffffu) reach_error();
  if ((x ^ x) != 0) reach_error();
  if ((x ^ ~x) != 0xffffffffu) reach_error();
  int c = 0;
  for (int i = 0; i < 32; i++) c += (x >> i) & 1;
  if (c < 0 || c > 32) reach_error();
  if (x == 0xffffffffu && c != 32) reach_error();
  unsigned int low = x & 0xffu;
  int cl = 0;
  for (int i = 0; i < 8; i++) cl += (low >> i) & 1;
  int k = 0;
  unsigned int y = low;
  while (y) {
    y &= y - 1;
    k++;
  }
  if (k != cl) reach_error();
  if (cl > c) reach_error();
  return 0;
}
