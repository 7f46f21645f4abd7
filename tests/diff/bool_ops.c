// diff: _Bool values, arithmetic and compound assignment on _Bool, conversions to _Bool from wide types
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void __kappa_trace(long long v);

int main(void) {
  _Bool p = __VERIFIER_nondet_bool();
  _Bool q = __VERIFIER_nondet_bool();
  int x = __VERIFIER_nondet_int();
  unsigned long long big = __VERIFIER_nondet_ulonglong();
  __kappa_trace(p);
  __kappa_trace(q);
  __kappa_trace(p + q);
  __kappa_trace(p & q);
  __kappa_trace(p | q);
  __kappa_trace(p ^ q);
  __kappa_trace(!p);
  __kappa_trace(p == q);
  __kappa_trace(p - q);
  __kappa_trace(~p);
  _Bool bx = x, bx8 = x & 256, bb = big, bhi = big >> 63, blo = (unsigned int)big;
  __kappa_trace(bx);
  __kappa_trace(bx8);
  __kappa_trace(bb);
  __kappa_trace(bhi);
  __kappa_trace(blo);
  _Bool r = p;
  r += 1;
  __kappa_trace(r);
  r -= 1;
  __kappa_trace(r);
  _Bool s = q;
  s--;
  __kappa_trace(s);
  s++;
  __kappa_trace(s);
  _Bool z = 0;
  z = z + 2;
  __kappa_trace(z);
  __kappa_trace(p ? x % 10 : -1);
  __kappa_trace(p * 5 + q * 3);
  if (p && !q) __kappa_trace(100);
  else if (q) __kappa_trace(101);
  else __kappa_trace(102);
  int arr[2] = {7, 9};
  __kappa_trace(arr[q]);
  return 0;
}
