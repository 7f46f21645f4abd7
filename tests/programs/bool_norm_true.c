// expect: true
// _Bool values are always 0 or 1, even when converted from wide values like 2^32
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned long long big = __VERIFIER_nondet_ulonglong();
  _Bool n = __VERIFIER_nondet_bool();
  _Bool c = x;
  _Bool d = big;
  if (c != 0 && c != 1) reach_error();
  if (c != (x != 0)) reach_error();
  if (big != 0 && !d) reach_error();
  if (c + d + n > 3) reach_error();
  _Bool e = !c;
  if (e == c) reach_error();
  if (n > 1) reach_error();
  return 0;
}
