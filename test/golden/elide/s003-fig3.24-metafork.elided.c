void foo(int i)
{
   int m = 0, arry[10];
   int &ref = m;
   int f = test();
   {
           f = ref;
           arry[m] = f;
   }
}
