void imp_barrier()
{
   int tmp1, tmp2, tmp3;
      {
         tmp1 = tmp1 * tmp2;
      }
      {
         tmp3 = tmp2 * tmp3;
      }
   }
