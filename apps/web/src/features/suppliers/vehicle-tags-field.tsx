import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { plateKey, tagProblem } from './supplier-rules.ts';

/**
 * The RFID tag each of the supplier's vehicles carries (issue 42: a reader at the gate or the
 * weighbridge finds the truck by it), a box per plate. Most plants use none: the boxes open on
 * a link unless a vehicle carries a tag already.
 */
export function VehicleTagsField({ plates, anyTag }: { plates: string[]; anyTag: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(anyTag);
  if (plates.length === 0) return null;
  return (
    <Form.Item label={t('suppliers.columns.tags')} extra={shown ? t('suppliers.form.tagsHint') : undefined}>
      {shown ? (
        <Flex vertical gap={4}>
          {plates.map((plate) => (
            <Flex key={plateKey(plate)} gap={8} align="baseline" wrap>
              <Typography.Text style={{ minWidth: 140 }}>{plate}</Typography.Text>
              <Form.Item
                name={['tags', plateKey(plate)]}
                style={{ margin: 0, flex: '1 1 220px', maxWidth: 320 }}
                validateTrigger="onBlur"
                rules={[
                  ({ getFieldValue }) => ({
                    validator: () => {
                      // Only the plates still among the vehicles count.
                      const typed = getFieldValue('tags') as Record<string, string | undefined> | undefined;
                      const current = Object.fromEntries(
                        plates.map((p) => [plateKey(p), typed?.[plateKey(p)]]),
                      );
                      const problem = tagProblem(current, plateKey(plate));
                      if (problem?.problem === 'invalid')
                        return Promise.reject(new Error(t('suppliers.form.tagInvalid')));
                      if (problem?.problem === 'twice') {
                        const twice = plates.find((p) => plateKey(p) === problem.with) ?? '';
                        return Promise.reject(new Error(t('suppliers.form.tagTwice', { plate: twice })));
                      }
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t('suppliers.form.tagPlaceholder')}
                  aria-label={t('suppliers.form.tagFor', { plate })}
                  style={{ fontFamily: 'monospace' }}
                />
              </Form.Item>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => setShown(true)}>
          {t('suppliers.form.addTags')}
        </Button>
      )}
    </Form.Item>
  );
}
